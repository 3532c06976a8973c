/* a block
   comment */
thing "x" {   /* inline */
 a = 1 /* after */
}
empty {}
empty2 {
}
one { x = 1 }



# end   
