a = {for = 1}
b = [for]
c = "%{ foo }"
d = {,}
e = {a = 1,,}
