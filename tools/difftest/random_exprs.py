#!/usr/bin/env python3
"""Random expressions for the evaluation differential (`difftest.py`).

A development tool, as `difftest.py` is: it writes a JSON-syntax file whose
root attributes are each one random native expression in a template
(`"${...}"`), naming only what the Go reference's `hclbench` default context
has (variables `name`, `a`, `b`, `n`, `pi`, `enabled`, `env`, `region`,
`items`, `nums`, `tags`, `objs`, `var`, and go-cty's standard functions),
for `difftest.sh` to evaluate on both sides:

    python3 tools/difftest/random_exprs.py any SEED COUNT /tmp/any.json
    python3 tools/difftest/random_exprs.py typed SEED COUNT /tmp/typed.json
    tools/difftest/difftest.sh /tmp/any.json /tmp/typed.json

`any` mixes operators, conditionals, `for` expressions, splats, indexes,
calls and template directives without regard to types, so that about half
the attributes fail (which error comes first, and whether both sides fail);
`typed` builds each expression from its wanted type (number, string, bool,
list, map), so that most evaluate (the values and the functions' edge
cases). FUZZING.md ("Differential evaluation against HashiCorp's Go")
lists what is expected to differ.
"""
import json
import random
import sys

MODE, SEED, COUNT, OUT = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
R = random.Random(SEED)

# ---------------------------------------------------------------- any

VARS=["name","a","b","n","pi","enabled","env","region","items","nums","tags","objs","var","var.name","var.count","objs[0]","objs[1].size","tags.env","tags[\"team\"]","items[0]","nums[3]"]
NUMS=["0","1","-1","2","3","10","0.5","1.5","-2.5","1e3","100","7","0.1","3.0","1e-2","12345678901234567890"]
STRS=['"a"','""','"x y"','"B"','"é"','"1"','"true"','"prod"','"a,b,c"','"  pad  "','"%d"','"%s-%s"','"%5.2f"','"%q"','"%v"','"Hello World"','"ab"','"[1,2]"','"{\\"k\\":1}"','"0x10"']
FUNCS={"abs":[1],"ceil":[1],"floor":[1],"coalesce":[1,2,3],"compact":[1],"concat":[1,2],"contains":[2],"distinct":[1],"element":[2],"flatten":[1],"format":[1,2,3],"formatlist":[2,3],"indent":[2],"join":[2,3],"jsondecode":[1],"jsonencode":[1],"keys":[1],"length":[1],"lookup":[2,3],"lower":[1],"max":[1,2,3],"merge":[1,2],"min":[1,2],"range":[1,2,3],"replace":[3],"reverse":[1],"slice":[3],"sort":[1],"split":[2],"strlen":[1],"substr":[3],"title":[1],"tonumber":[1],"tostring":[1],"tobool":[1],"trimspace":[1],"upper":[1],"values":[1],"zipmap":[2],"regex":[2]}
def atom():
    k=R.randrange(6)
    if k==0: return R.choice(NUMS)
    if k==1: return R.choice(STRS)
    if k==2: return R.choice(["true","false","null"])
    return R.choice(VARS)
def coll(d):
    k=R.randrange(7)
    if k==0: return "["+", ".join(expr(d) for _ in range(R.randrange(4)))+"]"
    if k==1: return "{"+", ".join(f'{R.choice(["k","x","id","size","env","a","b"])} = {expr(d)}' for _ in range(R.randrange(4)))+"}"
    return R.choice(["items","nums","tags","objs","var","[1, 2, 3]",'["b", "a", "c"]','{a = 1, b = 2}','[[1, 2], [3]]','["a", null, ""]','[]','{}'])
def expr(d=0):
    if d>3: return atom()
    k=R.randrange(16)
    if k<3: return atom()
    if k==3: return coll(d+1)
    if k==4: return f"{expr(d+1)} {R.choice(['+','-','*','/','%'])} {expr(d+1)}"
    if k==5: return f"{expr(d+1)} {R.choice(['==','!=','<','>','<=','>=','&&','||'])} {expr(d+1)}"
    if k==6: return f"{R.choice(['!','-'])}{atom()}"
    if k==7: return f"{expr(d+1)} ? {expr(d+1)} : {expr(d+1)}"
    if k in (8,9,10):
        f=R.choice(list(FUNCS)); n=R.choice(FUNCS[f])
        args=[expr(d+1) for _ in range(n)]
        if R.randrange(8)==0 and args: args[-1]+="..."
        return f"{f}({', '.join(args)})"
    if k==11:
        c=coll(d+1); return R.choice([f"[for x in {c} : {expr(d+1)}]",f"[for i, x in {c} : x if {expr(d+1)}]",f"{{for k, v in {c} : k => v}}",f"{{for k, v in {c} : tostring(k) => v...}}",f"[for x in {c} : x]"])
    if k==12: return R.choice(["objs[*].id","objs.*.size","objs[*]","items[*]","var[*].name","tags[*]","null[*]","objs[0][*].id"])
    if k==13: return coll(d+1)+"["+R.choice(['0','1','-1','"a"','"k"','1.5','"0"','a','name'])+"]"
    if k==14: return f"({expr(d+1)})"
    return '"' + R.choice([f"x-${{{expr(d+1)}}}", f"%{{ if {expr(d+1)} }}y%{{ else }}n%{{ endif }}", f"%{{ for v in {coll(d+1)} }}${{v}},%{{ endfor }}", f"${{{expr(d+1)}}}"]) + '"'

# ---------------------------------------------------------------- typed

PATS=['a','','/a/','/[aeiou]/','/(l+)/','o','/^/','/$/','/\\s+/']
REPS=['X','','$1','-${1}-','$$']
INDENTS=['a\nb','x','\n\n','a\n']
EQUALITIES=['[1] == [1.0]','{a=1} == {a=1}','tolist([]) == []','[] == []','null == null','1 == "1"','"1" == 1','[1, "a"] == [1, "a"]','toset([1,2]) == toset([2,1])','{} == tomap({})','null == ""']
def q(s): return json.dumps(s, ensure_ascii=False)
def num(d):
    if d>3 or R.random()<0.3:
        return R.choice(["0","1","2","3","-1","0.5","1.25","-2.5","10","100","1e2","2.5e-1","7","a","b","n","pi","var.count","objs[1].size","nums[2]","12345678901234567890","0.1","1e-3","99999999999999999999.5"])
    k=R.randrange(14)
    if k==0: return f"{num(d+1)} {R.choice(['+','-','*'])} {num(d+1)}"
    if k==1: return f"{num(d+1)} / {R.choice(['2','3','4','-8','0.5','7'])}"
    if k==2: return f"{num(d+1)} % {R.choice(['2','3','-4','0.5','7'])}"
    if k==3: return f"{R.choice(['abs','ceil','floor'])}({num(d+1)})"
    if k==4: return f"{R.choice(['max','min'])}({num(d+1)}, {num(d+1)})"
    if k==5: return f"length({R.choice([lst(d+1),strl(d+1),mp(d+1)])})"
    if k==6: return f"tonumber({q(R.choice(['1','2.5','-3','1e3','0x10','0.1','007','1.','.5',' 1','1_000']))})"
    if k==7: return f"{bl(d+1)} ? {num(d+1)} : {num(d+1)}"
    if k==8: return f"strlen({strl(d+1)})"
    if k==9: return f"-{num(d+1)}"
    if k==10: return f"({num(d+1)})"
    if k==11: return f"sum([{num(d+1)}, {num(d+1)}])" if False else f"max([{num(d+1)}, {num(d+1)}]...)"
    if k==12: return f"parseint({q(R.choice(['ff','10','-7','777','zz','0']))}, {R.choice(['16','10','8','36'])})" if False else f"floor({num(d+1)} / 3)"
    return f"element([{num(d+1)}, {num(d+1)}], {R.choice(['0','1','2','5','-1'])})"
def strl(d):
    if d>3 or R.random()<0.3:
        return R.choice(['"a"','""','"Hello World"','"é"','"x y z"','"  pad "','"a,b,,c"','"ÀÉ"','"ñandú"','"ǅemal"','"ß"','"İ"','"日本"','name','env','region','var.name','items[0]','tags.env','"line\\nbreak"','"tab\\there"','"quote\\"d"','"${x}lit"'.replace("${","$${"),'"%d"'])
    k=R.randrange(18)
    if k==0: return f"{R.choice(['upper','lower','title','trimspace'])}({strl(d+1)})"
    if k==1: return f"join({q(R.choice([',','','-',', ']))}, {lst(d+1)})"
    if k==2: return f"format({q(R.choice(['%s','%d','%5d','%-5s|','%05.1f','%x','%X','%o','%b','%e','%g','%q','%v','%t','%%','%.2s','%8.3f','%+d','%#v','%s-%s','%[2]s%[1]s','%3.1e','%-8q']))}, {R.choice([strl(d+1),num(d+1),bl(d+1)])}{', '+strl(d+1) if R.random()<0.3 else ''})"
    if k==3: return "replace(" + strl(d+1) + ", " + q(R.choice(PATS)) + ", " + q(R.choice(REPS)) + ")"
    if k==4: return f"substr({strl(d+1)}, {R.choice(['0','1','-1','2','10','-3'])}, {R.choice(['1','2','-1','0','100'])})"
    if k==5: return f"\"x-${{{strl(d+1)}}}-${{{num(d+1)}}}\""
    if k==6: return f"tostring({R.choice([num(d+1),bl(d+1),strl(d+1)])})"
    if k==7: return "jsonencode(" + R.choice([strl(d+1),num(d+1),lst(d+1),mp(d+1),bl(d+1),'null','{a = [1, {b = null}], c = "x"}']) + ")"
    if k==8: return f"{bl(d+1)} ? {strl(d+1)} : {strl(d+1)}"
    if k==9: return "indent(" + R.choice(['0','2','4']) + ", " + q(R.choice(INDENTS)) + ")"
    if k==10: return "coalesce(" + R.choice(['null', '""']) + ", " + strl(d+1) + ")"
    if k==11: return f"lookup({mp(d+1)}, {strl(d+1)}, {q('dflt')})"
    if k==12: return f"element({lst(d+1)}, {R.choice(['0','1','3','-1'])})"
    if k==13: return f"\"%{{ for i, v in {lst(d+1)} }}${{i}}=${{v}}%{{ if i < 1 }},%{{ endif }}%{{ endfor ~}} \""
    if k==14: return f"\"%{{ if {bl(d+1)} ~}}  yes  %{{~ else }}  no  %{{ endif }}\""
    if k==15: return f"{strl(d+1)}"
    if k==16: return f"formatlist({q(R.choice(['%s!','<%s>','%q']))}, {lst(d+1)})[0]"
    return f"reverse({lst(d+1)})[0]"
def bl(d):
    if d>3 or R.random()<0.3:
        return R.choice(["true","false","enabled","!enabled"])
    k=R.randrange(10)
    if k==0: return f"{num(d+1)} {R.choice(['<','>','<=','>=','==','!='])} {num(d+1)}"
    if k==1: return f"{strl(d+1)} {R.choice(['==','!='])} {strl(d+1)}"
    if k==2: return f"{bl(d+1)} {R.choice(['&&','||'])} {bl(d+1)}"
    if k==3: return f"!{bl(d+1)}"
    if k==4: return f"contains({lst(d+1)}, {strl(d+1)})"
    if k==5: return f"tobool({q(R.choice(['true','false','True','1','']))})"
    if k==6: return f"{lst(d+1)} == {lst(d+1)}"
    if k==7: return f"{mp(d+1)} == {mp(d+1)}"
    if k==8: return f"length({lst(d+1)}) > 1"
    return R.choice(EQUALITIES)
def lst(d):
    if d>3 or R.random()<0.3:
        return R.choice(["items",'["b", "a", "c"]','["x"]','[]','["a", "", "b", ""]','["10", "9", "1"]','objs[*].id','keys(tags)','values(tags)','split(",", "a,b,,c")','["é", "e", "E", "Z", "a"]'])
    k=R.randrange(12)
    if k==0: return f"sort({lst(d+1)})"
    if k==1: return f"distinct(concat({lst(d+1)}, {lst(d+1)}))"
    if k==2: return f"compact({lst(d+1)})"
    if k==3: return "[for s in " + lst(d+1) + " : " + R.choice(['upper(s)', '"${s}!"', 's', 'trimspace(s)']) + (' if s != "a"' if R.random() < 0.5 else '') + "]"
    if k==4: return f"slice({lst(d+1)}, 0, {R.choice(['0','1'])})"
    if k==5: return f"split({q(R.choice([',','','-','a']))}, {strl(d+1)})"
    if k==6: return f"reverse({lst(d+1)})"
    if k==7: return f"formatlist({q(R.choice(['%s-x','[%q]','%s=%s']))}, {lst(d+1)}{', '+lst(d+1) if R.random()<0.3 else ''})"
    if k==8: return f"keys({mp(d+1)})"
    if k==9: return f"flatten([{lst(d+1)}, [{lst(d+1)}]])"
    if k==10: return f"tolist(toset({lst(d+1)}))"
    return f"[for k, v in {mp(d+1)} : \"${{k}}:${{v}}\"]"
def mp(d):
    if d>3 or R.random()<0.3:
        return R.choice(["tags",'{a = "1", b = "2"}','{}','{"x y" = "z", "B" = "b", a = "c"}','var','objs[0]','{for s in items : s => upper(s)}'])
    k=R.randrange(6)
    if k==0: return f"merge({mp(d+1)}, {mp(d+1)})"
    if k==1: return f"zipmap({lst(d+1)}, {lst(d+1)})"
    if k==2: return f"{{for k, v in {mp(d+1)} : upper(k) => v}}"
    if k==3: return f"{{for s in {lst(d+1)} : s => s...}}"
    if k==4: return f"tomap({mp(d+1)})"
    return f"{{ {R.choice(['a','b','z','x'])} = {strl(d+1)}, c = {strl(d+1)} }}"

attrs = {}
for i in range(COUNT):
    e = expr() if MODE == "any" else R.choice([num, strl, bl, lst, mp])(0)
    attrs[f"e{i:04d}"] = "${" + e + "}"
with open(OUT, "w") as f:
    json.dump(attrs, f, indent=0, ensure_ascii=False)
