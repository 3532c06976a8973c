a = <<EOH
x
EOH 
b = <<-EOT
  y
	EOT	
