"""placeholder"""
HELP = [("x", "y")]
