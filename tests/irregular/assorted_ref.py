#!/usr/bin/env python3
"""assorted_ref.py — writes tests/irregular/assorted.fut's test blocks: the inputs, and the
outputs computed here, independently of weft (plain Python).  Run from the repository root:
python3 tests/irregular/assorted_ref.py > /tmp/blocks, then paste each entry's block over the
file's."""
import random
random.seed(5)
def fmt(xs, t='i64'):
    if not xs: return 'empty([0]%s)' % t
    if t=='f64': return '[' + ', '.join(repr(float(x))+'f64' for x in xs) + ']'
    return '[' + ', '.join('%d%s' % (x,t) for x in xs) + ']'
def p1(ns):
    A=[];B=[]
    for n in ns:
        s=[];acc=0
        for j in range(n): acc+=j*j%7; s.append(acc)
        a=0;b=0
        for x in s: a+=x; b=max(b,x+1)
        A.append(a);B.append(b)
    return A,B
def p2(ns):
    out=[]
    for n in ns:
        xs=list(range(n));k=0
        while k < n%5: xs=[(x*3+k)%11 for x in xs]; k+=1
        out.append(sum(xs))
    return out
def p3(ns):
    return [sum(range(n)) if n%2==0 else max([0]+[(j*13)%17 for j in range(n)]) for n in ns]
def p4(ns):
    return [sum(sum(k*m for k in range(m)) for m in range(n)) for n in ns]
def p5(ns):
    A=[];B=[]
    for n in ns:
        ys=[x for x in (j*7%10 for j in range(n)) if x%3==1]
        A.append(sum(ys));B.append(len(ys))
    return A,B
def p7(ns,hs):
    out=[]
    for n,h in zip(ns,hs):
        xs=[x%5 for x in range(n)]
        for i in range(h):
            s=[];acc=0
            for x in xs: acc+=x; s.append(acc)
            xs=[(x+i)%1000 for x in s]
        out.append(sum(xs))
    return out
cases=[[3,0,1,7],[0],[],[1000,1,2,2000,5]+[random.randint(0,60) for _ in range(200)]]
def block(prog, ins, outs):
    return '-- input { %s }\n-- output { %s }\n' % (ins, outs)
for name,f,two in [('p1',p1,True),('p2',p2,False),('p3',p3,False),('p4',p4,False),('p5',p5,True)]:
    s='-- ==\n'
    for c in cases:
        cc = c if name!='p4' else [min(x,120) for x in c]
        r=f(cc)
        outs = fmt(r[0])+' '+fmt(r[1]) if two else fmt(r)
        s+=block(name, fmt(cc), outs)
    print(s.replace('-- ==\n', '-- ==\n-- entry: %s\n' % name, 1))
# p6
s='-- ==\n'
for lens in [[3,0,2],[0],[],[random.randint(0,50) for _ in range(100)]+[2000]]:
    xs=[random.randint(-100,100)/8 for _ in range(sum(lens))]
    o=0;out=[]
    for l in lens: out.append(sum(x*x for x in xs[o:o+l])); o+=l
    s+=block('p6', fmt(lens)+' '+fmt(xs,'f64'), fmt(out,'f64'))
print(s.replace('-- ==\n', '-- ==\n-- entry: p6\n', 1))
s='-- ==\n'
for ns,hs in [([3,0,1,7],[2,5,0,1]),([],[]),([random.randint(0,80) for _ in range(150)]+[1500],[random.randint(0,6) for _ in range(150)]+[3])]:
    s+=block('p7', fmt(ns)+' '+fmt(hs), fmt(p7(ns,hs)))
print(s.replace('-- ==\n', '-- ==\n-- entry: p7\n', 1))
s='-- ==\n'
for ns in [[3,0,2],[1]]:
    rows=[[x*n for x in range(n)] for n in ns]
    s+='-- input { %s }\n-- output { %s }\n' % (fmt(ns), '[' + ', '.join(fmt(r) for r in rows)+']')
print(s.replace('-- ==\n', '-- ==\n-- entry: p8\n', 1))
