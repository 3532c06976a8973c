a = 1
bb = 2
# comment
block {
  c = <<EOT
line
EOT
}
