name = "web"

resource "aws_instance" "web" {
  count    = "three"
  ami      = "${upper(nosuch)}"
  instance = 1
}

resource "aws_s3_bucket" "logs" {
  bukcet = "logs"
}
