"""Tai Shogi as data: every kind (one row each), Black's camp, and the rule-set alternatives.

The data of docs/rules/taishogi.md (§2.1 setup, §3.2 and §3.3 kinds, §5.4 alternatives,
§5.5 values); `data.py` reads these tables, nothing else in the game spells a piece out.

KINDS columns: abbreviation (TSA, case matters) | English | kanji | romaji | value (§5.5) |
move | TSA promotion | Ludii/Wikipedia promotion ("same" = as TSA) | where it comes from.

A move is a list of atoms, each `atom:DIRS`. Directions are the owner's: F B L R FL FR BL BR,
or the groups `orth`, `diag`, `all`. Atoms:
  step       one square                      slide     any distance, stops on the first piece
  slideN     slide at most N squares         jump      leap exactly to the 2nd square
  knight     the shogi knight (2 F + 1 side) lion      the Lion (radius 2, igui, double capture)
  lionline   the Lion's powers on a line (1st and 2nd square: Horned Falcon, Soaring Eagle)
  lion3      the linear three-step Lion (Lion Dog in the Ludii reading, Teaching King v2)
  hook       a slide, then optionally a slide at a right angle (DIRS = first legs)
  universal  to any square (the Emperor; captures only what passes the protection test)
Atoms are alternatives: a piece makes one of them per turn (so "Lion or Free King" is just both).
"""

from __future__ import annotations

KINDS = """
E    | Emperor               | 自在天王 | jizai tennō | 999 | universal                                  | -   | same | setup
CP   | Crown Prince          | 太子   | taishi    | 150 | step:all                                     | -   | E    | setup
P    | Pawn                  | 歩兵   | fuhyō     | 1   | step:F                                       | -   | G    | setup
L    | Lance                 | 香車   | kyōsha    | 3   | slide:F                                      | -   | G    | setup
S    | Silver General        | 銀将   | ginshō    | 5   | step:F,diag                                  | -   | FrS  | setup
G    | Gold General          | 金将   | kinshō    | 6   | step:orth,FL,FR                              | -   | FrG  | setup
C    | Copper General        | 銅将   | dōshō     | 4   | step:F,B,FL,FR                               | -   | FrC  | setup
B    | Bishop                | 角行   | kakugyō   | 9   | slide:diag                                   | G   | same | setup
R    | Rook                  | 飛車   | hisha     | 11  | slide:orth                                   | G   | same | setup
AB   | Angry Boar            | 嗔猪   | shincho   | 5   | step:orth                                    | -   | FrBo | setup
DH   | Dragon Horse          | 龍馬   | ryūme     | 17  | slide:diag step:orth                         | -   | same | setup
DK   | Dragon King           | 龍王   | ryūō      | 20  | slide:orth step:diag                         | -   | same | setup
BB   | Blind Bear            | 盲熊   | mōyū      | 7   | step:diag slide:B                            | -   | FrBe | setup
FL   | Ferocious Leopard     | 猛豹   | mōhyō     | 6   | step:F,B,diag                                | -   | FrLe | setup
FK   | Free King             | 奔王   | honnō     | 28  | slide:all                                    | -   | same | setup
BT   | Blind Tiger           | 盲虎   | mōko      | 7   | step:B,L,R,diag                              | -   | FrTi | setup
Ky   | Kirin                 | 麒麟   | kirin     | 10  | step:diag jump:orth                          | GD  | same | setup
Ph   | Phoenix               | 鳳凰   | hōō       | 10  | step:orth jump:diag                          | GBd | same | setup
Ln   | Lion                  | 獅子   | shishi    | 32  | lion                                         | FF  | same | setup
RC   | Reverse Chariot       | 反車   | hensha    | 5   | slide:F,B                                    | -   | G    | setup
SM   | Side Mover            | 横行   | ōgyō      | 7   | step:F,B slide:L,R                           | G   | same | setup
VM   | Vertical Mover        | 竪行   | kengyō    | 7   | step:L,R slide:F,B                           | G   | same | setup
BDe  | Buddhist Devil        | 羅刹   | rasetsu   | 7   | slide3:FL,FR step:B,L,R                      | G   | same | setup
CSw  | Cat Sword             | 猫刀   | myōtō     | 4   | step:diag                                    | -   | FrCa | setup
Ca   | Capricorn             | 摩羯   | makatsu   | 26  | hook:diag                                    | G   | same | setup
CC   | Chinese Cock          | 淮鶏   | waikei    | 7   | step:FL,FR,L,R,B                             | WS  | same | setup
CS   | Coiled Serpent        | 蟠蛇   | banja     | 4   | step:F,B,BL,BR                               | -   | FrSe | setup
DSp  | Dark Spirit           | 無明   | mumyō     | 18  | step:FL,FR,R,BL                              | BSp | same | setup
EW   | Evil Wolf             | 悪狼   | akurō     | 4   | step:F,FL,FR,L,R                             | -   | FrWo | setup
DV   | Deva                  | 提婆   | daiba     | 18  | step:FL,FR,L,BR                              | TK  | same | setup
FD   | Flying Dragon         | 飛龍   | hiryū     | 6   | slide2:diag                                  | G   | same | setup
Do   | Donkey                | 驢馬   | roba      | 4   | step:L,R jump:F,B                            | G   | same | setup
DE   | Drunk Elephant        | 酔象   | suizō     | 20  | step:F,L,R,diag                              | CP  | same | setup
Ea   | Earth General         | 土将   | doshō     | 2   | step:F,B                                     | -   | FrEa | setup
GB   | Go-Between            | 仲人   | chūnin    | 2   | step:F,B                                     | -   | G    | setup
GG   | Guardian of the Gods  | 金剛   | kongō     | 8   | slide3:orth step:FL,FR                       | G   | same | setup
N    | Knight                | 桂馬   | keima     | 3   | knight                                       | G   | same | setup
HM   | Hook Mover            | 鉤行   | kōgyō     | 30  | hook:orth                                    | G   | same | setup
OM   | Old Monkey            | 古猿   | koen      | 5   | step:B,diag                                  | -   | MW   | setup
I    | Iron General          | 鉄将   | tesshō    | 3   | step:F,FL,FR                                 | -   | FrI  | setup
LCh  | Left Chariot          | 左車   | sasha     | 10  | slide:F,FL,BR step:B                         | -   | G    | setup
RD   | Reclining Dragon      | 臥龍   | garyū     | 6   | step:orth,BL,BR                              | -   | FrDr | setup
LD   | Lion Dog              | 狛犬   | komainu   | 14  | slide3:all                                   | GE  | same | setup
BD   | Blue Dragon           | 青龍   | seiryū    | 13  | slide2:F,B slide:L,R,FR step:FL              | -   | G    | setup
T    | Tile General          | 瓦将   | gashō     | 3   | step:FL,FR,B                                 | -   | FrT  | setup
Wr   | Wrestler              | 力士   | rikishi   | 8   | slide3:diag step:L,R                         | G   | same | setup
RCh  | Right Chariot         | 右車   | usha      | 10  | slide:F,FR,BL step:B                         | -   | G    | setup
SD   | She-Devil             | 夜叉   | yasha     | 11  | slide5:orth slide2:diag                      | G   | same | setup
St   | Stone General         | 石将   | sekishō   | 2   | step:FL,FR                                   | -   | FrSt | setup
VO   | Violent Ox            | 猛牛   | mōgyū     | 7   | slide2:orth                                  | -   | G    | setup
OR   | Old Rat               | 老鼠   | rōso      | 8   | slide2:B,FL,FR                               | WS  | Bat  | setup
BM   | Blind Monkey          | 盲猿   | mōen      | 9   | step:L,R,diag                                | MW  | G    | setup
D    | Dove                  | 鳩槃   | kyūban    | 16  | slide2:orth slide5:diag                      | -   | G    | setup
EB   | Eastern Barbarian     | 東夷   | tōi       | 16  | slide2:F,B step:L,R,FL,FR                    | Ln  | same | setup
EBa  | Enchanted Badger      | 変狸   | henri     | 8   | slide2:F,L,R                                 | D   | same | setup
FH   | Flying Horse          | 馬麟   | barin     | 12  | step:orth slide2:FL,FR                       | FK  | same | setup
FDe  | Free Demon            | 奔鬼   | honki     | 26  | slide5:F,B slide:L,R,diag                    | -   | G    | setup
FTp  | Free Dream-Eater      | 奔獏   | honbaku   | 26  | slide:F,B,diag slide5:L,R                    | -   | G    | setup
GBd  | Golden Bird           | 金翅   | kinshi    | 16  | slide:F,B slide2:L,R slide3:diag             | -   | G    | setup
GD   | Great Dragon          | 大龍   | dairyū    | 16  | slide2:F,B slide:L,R slide3:diag             | -   | G    | setup
HD   | Howling Dog           | 𠵇犬   | kiken     | 4   | slide:F step:B                               | -   | G    | setup
LG   | Left General          | 左将   | sashō     | 7   | step:diag,F,B,R                              | -   | G    | setup
RG   | Right General         | 右将   | ushō      | 7   | step:diag,F,B,L                              | -   | G    | setup
LGn  | Long-Nosed Goblin     | 天狗   | tengu     | 64  | step:orth hook:diag                          | -   | G    | setup
NK   | Neighbouring King     | 近王   | kinnō     | 9   | step:F,L,R,diag                              | SBr | same | setup
NB   | Northern Barbarian    | 北狄   | hokuteki  | 9   | slide2:FL,FR step:L,R,BL,BR                  | FEl | same | setup
OK   | Old Kite              | 古鵄   | kotetsu   | 32  | slide2:orth step:FL,FR                       | LGn | same | setup
RB   | Rushing Bird          | 行鳥   | gyōchō    | 24  | slide:F,L,R,diag                             | FDe | same | setup
SB   | Southern Barbarian    | 南蛮   | nanban    | 9   | slide2:BL,BR step:L,R,FL,FR                  | WE  | same | setup
SBr  | Standard Bearer       | 前旗   | zenki     | 16  | slide:F,FL,FR slide2:B,L,R,BL,BR             | -   | G    | setup
WBf  | Water Buffalo         | 水牛   | suigyū    | 23  | slide2:F,B slide:L,R,diag                    | FTp | same | setup
WB   | Western Barbarian     | 西戎   | seijū     | 9   | slide2:L,R step:F,B,FL,FR                    | LD  | same | setup
W    | Whale                 | 鯨鯢   | keigei    | 14  | slide:F,B,BL,BR                              | -   | G    | setup
WE   | White Elephant        | 白象   | hakuzō    | 15  | slide2:orth,FL,FR slide:BL,BR                | -   | G    | setup
WH   | White Horse           | 白駒   | hakku     | 14  | slide:F,B,FL,FR                              | -   | G    | setup
WT   | White Tiger           | 白虎   | byakko    | 13  | slide:F,B,FL slide2:L,R step:FR              | -   | G    | setup
Wo   | Wood General          | 木将   | mokushō   | 3   | slide2:FL,FR                                 | -   | G    | setup
FE   | Fierce Eagle          | 猛鷲   | mōju      | 8   | step:L,R slide2:diag                         | -   | G    | setup
FO   | Flying Ox             | 飛牛   | higyū     | 20  | slide:F,B,diag                               | -   | G    | setup
GDe  | Golden Deer           | 金鹿   | kinroku   | 9   | slide:FL,FR slide2:BL,BR                     | -   | G    | setup
HF   | Horned Falcon         | 角鷹   | kakuō     | 28  | slide:B,L,R,diag lionline:F                  | -   | G    | setup
PC   | Peacock               | 孔雀   | kujaku    | 36  | hook:FL,FR slide2:BL,BR                      | -   | G    | setup
PS   | Poisonous Snake       | 毒蛇   | dokuja    | 48  | step:L,R jump:F,BL,BR                        | HM  | same | setup
PSt  | Prancing Stag         | 踊鹿   | yōroku    | 11  | step:F,diag slide2:L,R                       | SMo | same | setup
RS   | Ram's-Head Soldier    | 羊兵   | yōhei     | 5   | slide:FL,FR                                  | -   | G    | setup
SDr  | Side Dragon           | 横龍   | ōryū      | 10  | slide:F,L,R step:B                           | G   | same | setup
SCh  | Side Chariot          | 走車   | sōsha     | 18  | slide:orth step:BL,BR                        | -   | G    | setup
SDe  | Silver Hare           | 銀兎   | ginto     | 9   | slide:BL,BR slide2:FL,FR                     | -   | G    | setup
SE   | Soaring Eagle         | 飛鷲   | hijū      | 28  | slide:orth,BL,BR lionline:FL,FR              | -   | G    | setup
So   | Soldier               | 兵士   | heishi    | 22  | slide:orth,BL,BR                             | -   | G    | setup
TS   | Turtle-Snake          | 玄武   | genbu     | 14  | step:F slide:FL,FR,B slide2:BL,BR            | -   | G    | setup
VS   | Vermillion Sparrow    | 朱雀   | suzaku    | 14  | slide:F,FL,FR step:B slide2:BL,BR            | -   | G    | setup
VBe  | Violent Bear          | 猛熊   | mōyū      | 5   | step:L,R slide2:FL,FR                        | -   | G    | setup
BSp  | Buddhist Spirit       | 法性   | hosshō    | 50  | lion slide:all                               | -   | same | tsa
FEl  | Fragrant Elephant     | 香象   | kōzō      | 15  | slide:FL,FR slide2:F,B,L,R,BL,BR             | -   | same | tsa
FF   | Furious Fiend         | 奮迅   | funjin    | 35  | lion slide3:all                              | -   | same | tsa
GE   | Great Elephant        | 大象   | taizō     | 16  | slide3:F,B,FL,FR slide5:L,R,BL,BR            | -   | same | tsa
MW   | Mountain Witch        | 山母   | sanbo     | 16  | step:F slide:B,diag                          | -   | same | tsa
SMo  | Square Mover          | 方行   | hōgyō     | 18  | slide:orth step:FL,FR                        | -   | same | tsa
TK   | Teaching King         | 教王   | kyōō      | 28  | slide:all                                    | -   | same | tsa
WS   | Wizard Stork          | 仙鶴   | senkaku   | 16  | slide:F,diag step:B                          | -   | same | tsa
Bat  | Bat                   | 蝙蝠   | kōmori    | 9   | slide:F,BL,BR                                | -   | same | ludii
FrBe | Free Bear             | 奔熊   | hon'yū    | 16  | slide:L,R,diag knight                        | -   | same | ludii
FrBo | Free Boar             | 奔猪   | honcho    | 16  | slide:L,R,diag                               | -   | same | ludii
FrTi | Free Tiger            | 奔虎   | honko     | 18  | slide:B,L,R,diag                             | -   | same | ludii
FrLe | Free Leopard          | 奔豹   | honpyō    | 16  | slide:F,B,diag                               | -   | same | ludii
FrDr | Free Dragon           | 奔龍   | honryū    | 18  | slide:orth,BL,BR                             | -   | same | ludii
FrWo | Free Wolf             | 奔狼   | honrō     | 14  | slide:F,L,R,FL,FR                            | -   | same | ludii
FrCa | Free Cat              | 奔猫   | honmyō    | 9   | slide:diag                                   | -   | same | ludii
FrSe | Free Serpent          | 奔蛇   | honja     | 12  | slide:F,B,BL,BR                              | -   | same | ludii
FrG  | Free Gold             | 奔金   | honkin    | 18  | slide:orth,FL,FR                             | -   | same | ludii
FrS  | Free Silver           | 奔銀   | hongin    | 14  | slide:F,diag                                 | -   | same | ludii
FrC  | Free Copper           | 奔銅   | hondō     | 12  | slide:F,B,FL,FR                              | -   | same | ludii
FrT  | Free Tile             | 奔瓦   | honga     | 9   | slide:FL,FR,B                                | -   | same | ludii
FrI  | Free Iron             | 奔鉄   | hontetsu  | 9   | slide:F,FL,FR                                | -   | same | ludii
FrSt | Free Stone            | 奔石   | honseki   | 6   | slide:FL,FR                                  | -   | same | ludii
FrEa | Free Earth            | 奔土   | hondo     | 7   | slide:F,B                                    | -   | same | ludii
"""

#: §5.5 gives no value for the Ludii-only promoted kinds (source "ludii" above): those values are
#: ours, set near a §5.5 piece of like reach (e.g. Free Cat = Bishop 9).
UNSOURCED_VALUES = "ludii"

#: Royal kinds: the side that has none of them left has lost (§4.1).
ROYALS = ("E", "CP")

#: Black's camp (§2.1) seen from Black's seat: rank letter, then files 25 → 1 ("." empty).
#: White's camp is the same rotated 180° (§2.2).
BLACK_CAMP = """
r  .   .   .   .   .   .   .   GB  .   .   .   .   .   .   .   .   .   GB  .   .   .   .   .   .   .
s  P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P   P
t  HD  FH  EBa Do  FO  SM  VM  VBe SBr PSt AB  EW  LD  EW  AB  PSt SBr VBe VM  SM  FO  Do  EBa FH  HD
u  LCh BD  Wo  Ea  St  T   I   C   OR  CS  RD  Ca  DE  HM  RD  CS  OR  C   I   T   St  Ea  Wo  VS  RCh
v  So  WBf FL  WB  EB  CC  HF  OM  OK  PC  GD  Ky  Ln  Ph  GBd PC  RB  OM  HF  CC  SB  NB  FL  WBf So
w  SCh WH  RS  VO  CSw BB  SDe GDe BM  BT  BDe Wr  NK  GG  SD  BT  BM  GDe SDe BB  CSw VO  RS  WH  SCh
x  RC  SDr SE  N   PS  FTp B   FE  WE  FDe S   LG  CP  RG  S   FDe WE  FE  B   FTp PS  N   SE  SDr RC
y  L   TS  W   FD  LGn D   R   DH  DK  FK  G   DV  E   DSp G   FK  DK  DH  R   D   LGn FD  W   WT  L
"""

#: §5.4 alternatives that change one kind's move or promotion (option value -> data).
#: The Lion Dog read as a linear three-step Lion (Ludii, HaChu).
LION_DOG_LION = "lion3:all"
#: Teaching King version 2 (ShogiVar's option) and Ludii: Free King or a three-step linear Lion.
TEACHING_KING_LION = "slide:all lion3:all"
#: The Turtle-Snake as ShogiVar's data file has it: the Vermillion Sparrow's line.
TURTLE_SNAKE_DATA_FILE = "slide:F,FL,FR step:B slide2:BL,BR"
#: The Flying Dragon's promotion on ShogiVar's help screen.
FLYING_DRAGON_HELP_SCREEN = "DK"
#: The Maka-dai-dai rule (§4.3): capturing one of these turns the capturer into the other kind.
CAPTURER_BECOMES = {"DV": "TK", "DSp": "BSp"}
