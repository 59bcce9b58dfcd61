-- Records as loop state: functional field updates with `with`, nested records, field
-- punning in record literals and record patterns in lambdas.
-- ==
-- entry: ledger
-- input { 100i64 [50i64, -30i64, -200i64, 10i64, -130i64, 0i64] }
-- output { 0i64 3i32 2i32 1i32 }
-- input { 0i64 empty([0]i64) }
-- output { 0i64 0i32 0i32 0i32 }
-- input { 5i64 [-6i64, -5i64, -1i64] }
-- output { 0i64 0i32 1i32 2i32 }

-- ==
-- entry: swap_fields
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] }
-- output { [4i32, 5i32, 6i32] [1i32, 2i32, 3i32] }

type counts = {deposits: i32, withdrawals: i32, rejected: i32}
type account = {balance: i64, counts: counts}

def apply (a: account) (amount: i64) : account =
  if amount >= 0
  then a with balance = a.balance + amount
         with counts.deposits = a.counts.deposits + 1
  else if a.balance + amount >= 0
  then a with balance = a.balance + amount
         with counts.withdrawals = a.counts.withdrawals + 1
  else a with counts.rejected = a.counts.rejected + 1

entry ledger (start: i64) (amounts: []i64) : (i64, i32, i32, i32) =
  let init = {balance = start, counts = {deposits = 0, withdrawals = 0, rejected = 0}}
  let a = loop a = init for x in amounts do apply a x
  in (a.balance, a.counts.deposits, a.counts.withdrawals, a.counts.rejected)

entry swap_fields [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  let rs = map2 (\x y -> {x, y}) xs ys
  let rs' = map (\{x, y} -> {x = y, y = x}) rs
  in (map (.x) rs', map (\r -> r.y) rs')
