-- Hull-White one-factor trinomial-tree pricing of a heterogeneous portfolio of
-- fixed-coupon bonds with embedded options (seed 000, Listing 2; ARRAY'21).
--
-- A map over the instruments; the body of each builds its tree geometry (exact
-- moments, jmax = floor(0.184 / -M) + 1), runs the forward loop (alpha_i fitted
-- to the yield curve: a reduce over the tree width, then the state prices Q of
-- the next level: a map over the width) and the backward loop (the values of
-- the previous level: a map over the width, then the exercise test against the
-- strike plus accrued interest, then the coupon).  Trees differ in height and
-- width across the portfolio: the inner parallelism is irregular.
--
-- Numerics: ../../../shared/specs/hullwhite.md.  The accrued interest at a
-- coupon step is zero (the coupon of that step is added after the exercise
-- test, as in QuantLib's tree engine).  Expected outputs come from the
-- independent C implementation bench/baselines/hullwhite.c; the 9y 5 % bond
-- with a European call at 3.5y matches the spec's reference 83.70291935
-- (n = 108) and 83.70290088 (n = 3600), the puttable one 94.94091731.
--
-- Arguments (the spec's data interface): curve_t [p]f64, curve_r [c][p]f64,
-- spy, steps, a, sigma, coupon, cpn_freq, oas, kind, style, first_ex, strike,
-- curve: [n] each.  Result: [n]f64, the price of each instrument per 100 face.
--
-- ==
-- entry: main
-- input @ data/ref108.in
-- output @ data/ref108.out
-- input @ data/mixed16.in
-- output @ data/mixed16.out
-- compiled input @ data/ref3600.in
-- output @ data/ref3600.out
-- compiled input @ data/random200.in
-- output @ data/random200.out
-- compiled input @ data/finegrid40.in
-- output @ data/finegrid40.out

-- Zero rate of one curve at time x: linear in t between points, flat beyond.
def zero_rate [p] (ts: [p]f64) (rs: [p]f64) (x: f64) : f64 =
  if x <= ts[0] then rs[0]
  else if x >= ts[p - 1] then rs[p - 1]
  else
    let lo = loop lo = 0i64 while ts[lo + 1] <= x do lo + 1
    in rs[lo] + (rs[lo + 1] - rs[lo]) * (x - ts[lo]) / (ts[lo + 1] - ts[lo])

-- Branching of node j: the centre k of its three successors and the
-- probabilities of going to k+1, k, k-1.
def branch (jmax: i64) (mm: f64) (j: i64) : (i64, f64, f64, f64) =
  let k = if j == jmax then j - 1 else if j == -jmax then j + 1 else j
  let e = f64.i64 j * mm + f64.i64 (j - k)
  in (k, 1.0 / 6.0 + (e * e + e) / 2.0, 2.0 / 3.0 - e * e, 1.0 / 6.0 + (e * e - e) / 2.0)

-- The probability of going from node j to node t.
def prob_to (jmax: i64) (mm: f64) (j: i64) (t: i64) : f64 =
  let (k, pu, pm, pd) = branch jmax mm j
  in if t == k + 1 then pu else if t == k then pm else if t == k - 1 then pd else 0.0

def valuate [p] (ts: [p]f64) (rs: [p]f64) (spy: i32) (steps: i32) (a: f64) (sigma: f64)
                (coupon: f64) (cpn_freq: i32) (oas: f64) (kind: i32) (style: i32)
                (first_ex: i32) (strike: f64) : f64 =
  -- tree geometry
  let h = i64.i32 steps
  let dt = 1.0 / f64.i32 spy
  let mm = f64.exp (-a * dt) - 1.0
  let v = sigma * sigma * (1.0 - f64.exp (-2.0 * a * dt)) / (2.0 * a)
  let dx = f64.sqrt (3.0 * v)
  let jmax = i64.f64 (f64.floor (0.184 / -mm)) + 1
  let m = i64.min h jmax              -- the tree never gets wider than 2m+1
  let w = 2 * m + 1
  -- forward induction: alpha_i and the state prices Q of level i+1
  let q0 = map (\ji -> if ji == m then 1.0 else 0.0) (iota w)
  let (_, alphas) =
    loop (qs: [w]f64, alphas: *[]f64) = (q0, replicate h 0.0) for i < h do
      let sum = reduce (+) 0.0 (map (\ji -> qs[ji] * f64.exp (-(f64.i64 (ji - m)) * dx * dt)) (iota w))
      let t1 = f64.i64 (i + 1) * dt
      let df = f64.exp (-(zero_rate ts rs t1) * t1)
      let alpha = f64.log (sum / df) / dt
      let qd = map (\ji -> qs[ji] * f64.exp (-(alpha + f64.i64 (ji - m) * dx) * dt)) (iota w)
      let qs' = map (\ti ->
                       let t = ti - m
                       in loop acc = 0.0 for d < 5 do
                            let j = t + d - 2
                            in if j < -m || j > m then acc
                               else acc + qd[j + m] * prob_to jmax mm j t)
                    (iota w)
      in (qs', alphas with [i] = alpha)
  -- backward induction
  let f = if cpn_freq > 0 then i64.i32 cpn_freq else i64.max h 1
  let first = i64.i32 first_ex
  let vh = replicate w (100.0 + coupon)
  let vs =
    loop (vs: [w]f64) = vh for ii < h do
      let i = h - 1 - ii
      let lim = i64.min i jmax
      let alpha = alphas[i]
      let vs' = map (\ji ->
                       let j = ji - m
                       in if j < -lim || j > lim then 0.0
                          else let (k, pu, pm, pd) = branch jmax mm j
                               in f64.exp (-(alpha + f64.i64 j * dx + oas) * dt)
                                  * (pu * vs[k + 1 + m] + pm * vs[k + m] + pd * vs[k - 1 + m]))
                    (iota w)
      let ex = kind != 0 && i >= first
               && (if style == 0 then i == first else if style == 1 then i % f == 0 else true)
      let cprev = i - i % f
      let cnext = i64.min (cprev + f) h
      let x = strike + coupon * f64.i64 (i - cprev) / f64.i64 (cnext - cprev)
      let paid = if i > 0 && i % f == 0 then coupon else 0.0
      in map (\v -> (if ex then (if kind == 1 then f64.min v x else f64.max v x) else v) + paid) vs'
  in vs[m]

entry main [p] [c] [n] (curve_t: [p]f64) (curve_r: [c][p]f64) (spy: [n]i32) (steps: [n]i32)
                       (a: [n]f64) (sigma: [n]f64) (coupon: [n]f64) (cpn_freq: [n]i32)
                       (oas: [n]f64) (kind: [n]i32) (style: [n]i32) (first_ex: [n]i32)
                       (strike: [n]f64) (curve: [n]i32) : [n]f64 =
  map (\q -> valuate curve_t curve_r[i64.i32 curve[q]] spy[q] steps[q] a[q] sigma[q] coupon[q]
                     cpn_freq[q] oas[q] kind[q] style[q] first_ex[q] strike[q])
      (iota n)
