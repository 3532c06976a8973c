locals {
  a = <<EOT
  keep   this ${ var.x }
%{ for i in var.l }  ${i}
%{ endfor }
EOT
  b = <<-EOF
      indented
        more ${upper( "x" )}
    EOF
  c = trimspace(<<EOT
x
EOT
  )
  d = 1
}
