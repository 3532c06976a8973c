// hcldiags prints every diagnostic HashiCorp's HCL gives for a native file,
// in its order, one per line: (summary, start..end byte), then the range as
// line:column-line:column. A development tool for
// tools/difftest/native_mutants.py --all; build it as the Go reference is
// built (GOPATH mode against Debian's golang-github-hashicorp-hcl-v2-dev):
//
//	GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off go build -o /tmp/hcldiags ./tools/difftest/hcldiags
package main

import (
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: hcldiags FILE.tf")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	_, diags := hclsyntax.ParseConfig(src, "t.tf", hcl.Pos{Line: 1, Column: 1, Byte: 0})
	for _, d := range diags {
		s := d.Subject
		fmt.Printf("(%q, %d..%d), // %d:%d-%d:%d\n", d.Summary, s.Start.Byte, s.End.Byte,
			s.Start.Line, s.Start.Column, s.End.Line, s.End.Column)
	}
}
