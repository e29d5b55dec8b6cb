"""Rithmomachia (Rythmomachie), the battle of numbers: captures by arithmetic, victories by progressions."""
