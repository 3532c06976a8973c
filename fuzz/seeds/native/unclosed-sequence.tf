resource "a" "b" {
  name = "${var.x"
  tags = {
    Name = "web"
  }
}
c = "%{ if d"
e = "${<<EOT
x
EOT}"
