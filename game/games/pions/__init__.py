"""Jeu de pions: pawns slide along a ruler toward its end; whoever takes the last pawn decides the game."""
