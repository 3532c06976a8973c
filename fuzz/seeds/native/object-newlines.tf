x = {
 a = 1 +
 2
}
y = {a =
 1}
z = {a
 = 1}
w = {a = x ?
 1 : 2}
v = {a = "s"
 , b = 1}
u = {a = b # c
.c}
