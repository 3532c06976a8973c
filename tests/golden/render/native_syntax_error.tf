name = "web"
resource "a" "b" {
  count = 1 +
}
