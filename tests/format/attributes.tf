variable "a" {
type=string
    default   =   "x"  # the default
 description = "long description"   // why
}

locals {
short = 1
  much_longer_name = [
1,
    2,
  ]
  after = { a = 1, b = 2 }
  obj = {
  k = "v"
  longer_key = -1
  nested = {
  x = true
  }
  }
}
