naïve = 1
été_long = 2 # é
x = "ü" # c
