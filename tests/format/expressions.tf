a = [for x in var.list: x if x != null]
b = {for k, v in var.map: k => v...}
c = var.enabled ? -1 : - var.n
d = a.b[0].c[*].d
e = [ for x in [ 1, 2 ]: x * -2 ]
f = !var.x || (var.y && ! var.z)
g = 1-2 - -3
h = "${ a }${b} %{ if c }d%{ else }e%{ endif }"
i = f(a, b...)
j = x.*.y
k = 5 % -2 >= -1 == true
l = a.0.b
m = [
  # lead
  1, # one
  22, # two
]
