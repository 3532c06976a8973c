foo = [
  1, [
  2,
  3],
4]
bar = merge({
  a = 1
  }, {
  b = 2
})
baz = ((
1
))
