a‍ = 1
b𐴀 = 2
x = # c
