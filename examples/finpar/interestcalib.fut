-- InterestCalib (FinPar): calibration of the G2++ short-rate model to swaption quotes.
--
-- The spec is docs/INTERESTCALIB.md.  A population of genomes (the model's five parameters
-- a, b, rho, nu, sigma) is improved by a population MCMC search (DE-MCMC): every iteration
-- proposes a move for every genome (a uniform move of all genes or of one, or a differential-
-- evolution cross-over), prices every quote under every proposal and accepts each proposal by
-- Metropolis' rule on the log-likelihood of the quotes.  The random numbers are the Sobol
-- sequence of the dataset's direction numbers, drawn in FinPar's order; each draw's rank is
-- computed, so the genomes of an iteration are independent.  In f64, like FinPar's reference
-- runs; the results are returned as f32 like the datasets' .out files.
--
-- Parallelism, nested and irregular: a map over the genomes, a map over the quotes, and per
-- quote the work on its payment schedule, whose length varies per quote (2 to 60 payments):
-- a map over the payments, three exercise-boundary searches (reductions over the payments
-- inside Brent's loop) and a Gauss-Hermite sum (a map over 11 nodes of reductions over the
-- payments).  The schedules are jagged arrays ([][]...), one row per quote.
--
-- ==
-- input @ data/interestcalib-small-s14-g6-i3.in
-- output @ data/interestcalib-small-s14-g6-i3.out
-- input @ data/interestcalib-medium-s14-g8-i12.in
-- output @ data/interestcalib-medium-s14-g8-i12.out
-- input { 3 0 1 [[1.0, 0.0, 1.0, 0.5]] 1 [0.0] [1.0] 1 [1] } error: Assertion is false
-- compiled input @ data/interestcalib-small-g32-i8.in
-- output @ data/interestcalib-small-g32-i8.out
-- compiled input @ data/interestcalib-medium-g16-i16.in
-- output @ data/interestcalib-medium-g16-i16.out

-- ---------------------------------------------------------------- dates
-- A date is minutes since 1980-01-01 (FinPar's Date module); calendar arithmetic is in i32.

def minutes_per_day : i32 = 1440

def minutes_of_date (year: i32) (month: i32) (day: i32) (hour: i32) (minute: i32) : i32 =
  let (y, m, c) = if month <= 2 then (year + 4799, month + 10, year + 4899)
                  else (year + 4800, month - 2, year + 4900)
  let days = 1461 * y / 4 + 367 * m / 12 - 3 * (c / 100) / 4 + day - 32075 - 2444238
  in days * minutes_per_day + hour * 60 + minute

-- (year, month, day) of a date
def date_of_minutes (minutes: i32) : (i32, i32, i32) =
  let l = minutes / minutes_per_day + 68569 + 2444238
  let n = 4 * l / 146097
  let l = l - (146097 * n + 3) / 4
  let i = 4000 * (l + 1) / 1461001
  let l = l - 1461 * i / 4 + 31
  let j = 80 * l / 2447
  let day = l - 2447 * j / 80
  let l = j / 11
  in (100 * (n - 49) + i + l, j + 2 - 12 * l, day)

def days_in_month (year: i32) (month: i32) : i32 =
  if month == 2 then (if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) then 29 else 28)
  else if month == 4 || month == 6 || month == 9 || month == 11 then 30
  else 31

-- The date `months` months after t, at noon, its day clamped to the month's end.
def add_months (t: f64) (months: f64) : f64 =
  let (year, month, day) = date_of_minutes (i32.f64 t)
  let month = month + i32.f64 months
  let year = year + (month - 1) / 12
  let month = (month - 1) % 12 + 1
  in f64.i32 (minutes_of_date year month (i32.min day (days_in_month year month)) 12 0)

-- years from t2 to t1, actual/365
def act365 (t1: f64) (t2: f64) : f64 = (t1 - t2) / f64.i32 minutes_per_day / 365.0

def today : f64 = f64.i32 (minutes_of_date 2012 1 1 12 0)

-- ---------------------------------------------------------------- the model

def rate : f64 = 0.03
def pi : f64 = 3.1415926535897932384626433832795

-- discount factor of date t
def zc (t: f64) : f64 = f64.exp (-rate * act365 t today)

-- the Abramowitz-Stegun 7.1.26 polynomial of erf (the factor of exp(-x^2))
def erf_poly (x: f64) : f64 =
  let t = 1.0 / (1.0 + 0.3275911 * x)
  let t2 = t * t
  let t3 = t * t2
  let t4 = t2 * t2
  let t5 = t2 * t3
  in 0.254829592 * t + -0.284496736 * t2 + 1.421413741 * t3 + -1.453152027 * t4 + 1.061405429 * t5

-- the standard normal distribution function
def normal_cdf (x: f64) : f64 =
  let u = x / f64.sqrt 2.0
  let e = if u < 0.0 then -(1.0 - erf_poly (-u) * f64.exp (-(u * u)))
          else 1.0 - erf_poly u * f64.exp (-(u * u))
  in 0.5 * (1.0 + e)

-- exp(e) * normal_cdf(x), without overflow for large e
def normal_cdf_times_exp (x: f64) (e: f64) : f64 =
  let u = f64.abs (x / f64.sqrt 2.0)
  let r = 0.5 * erf_poly u * f64.exp (e - u * u)
  in if x >= 0.0 then f64.exp e - r else r

type genome = {a: f64, b: f64, rho: f64, nu: f64, sigma: f64}

def bfun (z: f64) (tau: f64) : f64 = (1.0 - f64.exp (-z * tau)) / z

def tfun (s: f64) (x: f64) (tau: f64) : f64 =
  let e = f64.exp (-x * tau)
  in s * s / (x * x) * (tau + 2.0 / x * e - 1.0 / (2.0 * x) * (e * e) - 3.0 / (2.0 * x))

-- V(tau), the variance of the integrated short rate over tau years, with B_a(tau) and B_b(tau)
def bigv (g: genome) (tau: f64) : (f64, f64, f64) =
  let ba = bfun g.a tau
  let bb = bfun g.b tau
  let v = tfun g.sigma g.a tau + tfun g.nu g.b tau
          + 2.0 * g.rho * g.nu * g.sigma / (g.a * g.b) * (tau - ba - bb + bfun (g.a + g.b) tau)
  in (v, ba, bb)

-- the drifts of x and y under the forward measure of a maturity t years from today (Brigo and
-- Mercurio's M_x(s, t) and M_y(s, t) from s = today to the maturity)
def drifts (g: genome) (t: f64) : (f64, f64) =
  let {a, b, rho, nu, sigma} = g
  let mx = ((sigma * sigma) / (a * a) + (sigma * rho * nu) / (a * b)) * (1.0 - f64.exp (-a * t))
           - sigma * sigma / (2.0 * a * a) * (1.0 - f64.exp (-a * (t + t)))
           - rho * sigma * nu / (b * (a + b)) * (1.0 - f64.exp (-b * t - a * t))
  let my = (nu * nu / (b * b) + sigma * rho * nu / (a * b)) * (1.0 - f64.exp (-b * t))
           - nu * nu / (2.0 * b * b) * (1.0 - f64.exp (-b * (t + t)))
           - sigma * rho * nu / (a * (a + b)) * (1.0 - f64.exp (-a * t - b * t))
  in (mx, my)

-- ---------------------------------------------------------------- the quotes

-- What a quote's pricing needs that does not depend on the genome.
type quote = {tmat0: f64, zc_mat: f64, black: f64}

-- One payment of a quote's swap, likewise: its cash flow (the last one repays the notional),
-- its end in years from today and from the maturity, its discount factor.
type payment = {coupon: f64, tau0: f64, taum: f64, zc_end: f64}

-- The payment schedule of a quote [maturity in years, frequency in months, term in years,
-- volatility]: 12 * term / frequency periods from the maturity on (at least one).
def schedule (q: [4]f64) : [](f64, f64) =
  let maturity = add_months today (q[0] * 12.0)
  let n = i64.f64 (12.0 * q[2] / q[1])
  in assert (q[1] >= 1.0 && n >= 1)
            (map (\i -> let beg = add_months maturity (q[1] * f64.i64 i)
                        in (beg, add_months beg q[1]))
                 (iota n))

-- the swap's fixed rate and level (annuity) of a schedule
def swap_rate [n] (dates: [n](f64, f64)) : (f64, f64) =
  let lvl = reduce (+) 0.0 (map (\(beg, end) -> zc end * act365 end beg) dates)
  let first = reduce f64.min 168307199.0 (map (.0) dates)
  let last = reduce f64.max 3600.0 (map (.1) dates)
  in ((zc first - zc last) / lvl, lvl)

def quote_info [n] (q: [4]f64) (dates: [n](f64, f64)) : quote =
  let maturity = add_months today (q[0] * 12.0)
  let tmat0 = act365 maturity today
  let (strike, lvl) = swap_rate dates
  let d1 = 0.5 * q[3] * tmat0
  in {tmat0, zc_mat = zc maturity, black = lvl * strike * (normal_cdf d1 - normal_cdf (-d1))}

def payments [n] (q: [4]f64) (dates: [n](f64, f64)) : [n]payment =
  let maturity = add_months today (q[0] * 12.0)
  let (strike, _) = swap_rate dates
  in map2 (\i (beg, end) -> let c = act365 end beg * strike
                            in {coupon = if i == n - 1 then 1.0 + c else c,
                                tau0 = act365 end today, taum = act365 end maturity, zc_end = zc end})
          (iota n) dates

-- ---------------------------------------------------------------- swaption pricing

def eps : f64 = 1.0e-5
def infty : f64 = 1.0e49
def lower_tail : f64 = -3.71901648545568 -- the normal quantile of 1e-4

-- The bivariate normal (x, y) at the maturity.
type bivariate = {mux: f64, muy: f64, sigmax: f64, sigmay: f64, rhoxy: f64, rhoxyc: f64, rhoxycs: f64}

-- Per payment of one (genome, quote) pricing.
type flow = {ci: f64, t1cs: f64, bai: f64, bbi: f64, aici: f64, log_aici: f64, scale: f64}

-- Brent's method for the root of sum_i scales[i] exp(-bbi[i] y) - 1 on [lb, ub]: steps until
-- |b - a| < 1e-4 or f(b) = 0, at most 1000 (FinPar's variant, its bracket test as written).  Returns the root
-- and f there, or +-infty for f when lb and ub do not bracket a root (by the sign of lb).
def brent [n] (scales: [n]f64) (bbi: [n]f64) (lb: f64) (ub: f64) : (f64, f64) =
  let f (y: f64) = reduce (+) 0.0 (map2 (\s bb -> s * f64.exp (-bb * y)) scales bbi) - 1.0
  let tol = 1.0e-4
  let fa = f lb
  let fb = f ub
  in if fa * fb >= 0.0 then (0.0, if lb >= 0.0 then infty else -infty)
     else
     let (a, b, fa, fb) = if f64.abs fa < f64.abs fb then (ub, lb, fb, fa) else (lb, ub, fa, fb)
     let (_, b, _, fb, _, _, _, _, _) =
       loop (a, b, fa, fb, c, fc, d, mflag, it) = (a, b, fa, fb, a, fa, 0.0, true, 0i32)
       while it < 1000 && fb != 0.0 && f64.abs (b - a) >= tol do
         let s = if fa == fc || fb == fc then b - fb * (b - a) / (fb - fa)
                 else (a * fb * fc) / ((fa - fb) * (fa - fc)) + (b * fa * fc) / ((fb - fa) * (fb - fc))
                      + (c * fa * fb) / ((fc - fa) * (fc - fb))
         let bisect = ((3.0 * a + b) / 4.0 > s || s > b)
                      || (mflag && f64.abs (b - c) / 2.0 <= f64.abs (s - b))
                      || (!mflag && f64.abs (c - d) / 2.0 <= f64.abs (s - b))
                      || (mflag && f64.abs (b - c) <= tol)
                      || (!mflag && f64.abs (c - d) <= tol)
         let s = if bisect then (a + b) / 2.0 else s
         let fs = f s
         -- the new bracket [a', b'], b' the end where |f| is smaller; c and d the last two b's
         let (a1, fa1, b1, fb1) = if fa * fs < 0.0 then (a, fa, s, fs) else (s, fs, b, fb)
         let (a2, fa2, b2, fb2) = if f64.abs fa1 < f64.abs fb1 then (b1, fb1, a1, fa1) else (a1, fa1, b1, fb1)
         in (a2, b2, fa2, fb2, b, fb, c, bisect, it + 1)
     in (b, fb)

-- The exercise boundary y(x): where the swap's value at the maturity is zero.
def exercise_boundary [n] (gb: f64) (v: bivariate) (flows: [n]flow) (x: f64) : f64 =
  let scales = map (\p -> p.aici * f64.exp (-(p.bai * x))) flows
  let up = reduce (+) 0.0 scales
  let lo = reduce f64.max (-infty) (map (\p -> (p.log_aici - p.bai * x) / p.bbi) flows)
  let log_s = f64.log up
  let t = log_s / flows[n - 1].bbi
  let up = if t <= 0.0 then t
           else let t = log_s / flows[0].bbi in if 0.0 <= t then t else -infty
  let yl = lo - eps
  let yu = up + eps
  let y0 = v.sigmay * (v.rhoxy * (x - v.mux) / v.sigmax + lower_tail * v.rhoxycs) - v.rhoxyc / gb + v.muy
  let y1 = v.sigmay * (v.rhoxy * (x - v.mux) / v.sigmax - lower_tail * v.rhoxycs) + v.muy
  in if y1 <= yl then y1 + 1.0
     else if yu <= y0 then y0 - 1.0
     else let (root, err) = brent scales (map (.bbi) flows) (f64.max yl y0) (f64.min yu y1)
          in if err == -infty then y0 - 1.0 else if err == infty then y1 + 1.0 else root

-- The G2++ price of one swaption (Brigo-Mercurio 4.2.3): a Gauss-Hermite quadrature over x.
def swaption_price [n] [h] (herm_x: [h]f64) (herm_w: [h]f64) (g: genome) (q: quote) (pays: [n]payment) : f64 =
  let (v0_mat, _, _) = bigv g q.tmat0
  let (mx, my) = drifts g q.tmat0
  let sqrt_bfun_a = f64.sqrt (bfun (2.0 * g.a) q.tmat0)
  let sqrt_bfun_b = f64.sqrt (bfun (2.0 * g.b) q.tmat0)
  let rhoxy = g.rho * bfun (g.a + g.b) q.tmat0 / (sqrt_bfun_a * sqrt_bfun_b)
  let rhoxyc = 1.0 - rhoxy * rhoxy
  let v = {mux = -mx, muy = -my, sigmax = g.sigma * sqrt_bfun_a, sigmay = g.nu * sqrt_bfun_b,
           rhoxy, rhoxyc, rhoxycs = f64.sqrt rhoxyc}
  let sigmay_rhoxycs = v.sigmay * v.rhoxycs
  let t4 = (rhoxy * v.sigmay) / v.sigmax
  let flows = map (\p -> let (v0_end, _, _) = bigv g p.tau0
                         let (vt_end, ba, bb) = bigv g p.taum
                         let expo = 0.5 * (vt_end - v0_end + v0_mat)
                         let fact = p.coupon * p.zc_end / q.zc_mat
                         in {ci = fact,
                             t1cs = bb * (v.mux * t4 - (v.muy - 0.5 * rhoxyc * v.sigmay * v.sigmay * bb)) + expo,
                             bai = ba, bbi = bb, aici = fact * f64.exp expo, log_aici = f64.log fact + expo,
                             scale = -(ba + bb * t4)})
                  pays
  let step = 0.5 * v.sigmax
  let f = exercise_boundary g.b v flows v.mux
  let df = 0.5 * (exercise_boundary g.b v flows (v.mux + step) - exercise_boundary g.b v flows (v.mux - step)) / step
  let sqrt2sigmax = f64.sqrt 2.0 * v.sigmax
  let t2 = rhoxy / (v.sigmax * v.rhoxycs)
  let accum = reduce (+) 0.0 (map2 (\xq wq ->
                let x = sqrt2sigmax * xq + v.mux
                let yhat = f + df * (x - v.mux)
                let h1 = ((yhat - v.muy) / sigmay_rhoxycs) - t2 * (x - v.mux)
                let accum1 = reduce (+) 0.0 (map (\p -> p.ci * normal_cdf_times_exp (-(h1 + p.bbi * sigmay_rhoxycs))
                                                                                   (p.t1cs + p.scale * x))
                                                 flows)
                let tmp = f64.sqrt 2.0 * xq
                in wq * f64.exp (-0.5 * tmp * tmp) * (normal_cdf (-h1) - accum1))
              herm_x herm_w)
  in q.zc_mat * (accum / f64.sqrt pi)

-- log of the Cauchy density of `price` centred on the Black price: one quote's likelihood
def log_likelihood (black: f64) (price: f64) : f64 =
  let gamma = (f64.abs black / 50.0) * 5.0 + 0.01
  let x = (price - black) / gamma
  in f64.log (1.0 / (pi * gamma * (1.0 + x * x)) + 1.0e-20)

-- ---------------------------------------------------------------- the search

-- Genes in FinPar's order: a, b, rho, nu, sigma; their bounds.
def eps0 : f64 = 1.0e-3
def gene_min : [5]f64 = [eps0, eps0, -1.0 + eps0, eps0, eps0]
def gene_max : [5]f64 = [1.0 - eps0, 1.0 - eps0, 1.0 - eps0, 0.2, 0.2]
def amplitude_ratio : f64 = 0.005

def genome_of (gs: [5]f64) : genome = {a = gs[0], b = gs[1], rho = gs[2], nu = gs[3], sigma = gs[4]}

-- The Sobol number of rank r in [0, 1): the xor of the direction numbers of the set bits of
-- r's Gray code.
def sobol [B] (dirs: [B]i32) (r: i64) : f64 =
  let gray = r ^ (r >> 1)
  let x = reduce (^) 0i32 (map2 (\d k -> if (gray >> k) & 1 == 1 then d else 0i32) dirs (iota B))
  in f64.i32 x / (f64.i64 (1i64 << B) + 1.0)

def clamp_gene (lo: f64) (hi: f64) (x: f64) : f64 = f64.max lo (f64.min hi x)

-- Uniform moves of the genes `moved` of cur, by up to +-amplitude_ratio/2 of their range,
-- gene k with the Sobol number of rank r0 + k; the backward range is taken around the previous
-- proposal prev (as in FinPar).  The new proposal and its backward/forward ratio.
def move_uniform [B] (dirs: [B]i32) (r0: i64) (moved: i64 -> bool) (cur: [5]f64) (prev: [5]f64) : ([5]f64, f64) =
  let (prop, ratios) =
    unzip (map5 (\k lo hi c p ->
                   let amp = f64.abs ((hi - lo) * (if moved k then amplitude_ratio else 0.0))
                   let semi = amp / 2.0
                   let fwd = f64.min hi (c + semi) - f64.max lo (c - semi)
                   let bwd = f64.min hi (p + semi) - f64.max lo (p - semi)
                   in (clamp_gene lo hi (c + (amp * sobol dirs (r0 + k) - semi)),
                       if semi > 0.0 then bwd / fwd else 1.0))
                (iota 5) gene_min gene_max cur prev)
  in (prop, reduce (*) 1.0 ratios)

-- Differential evolution for genome i: cur[i] + gamma (cur[k] - cur[l]) plus a small uniform
-- move, k and l two other genomes drawn at random (ranks r0, r0 + 1), gamma around
-- 2.38/sqrt(10) (rank r0 + 2), gene k's move rank r0 + 3 + k.
def move_de [B] [p] (dirs: [B]i32) (r0: i64) (cur: [p][5]f64) (i: i64) : [5]f64 =
  let ub = p - 1
  let k = i64.f64 (sobol dirs r0 * f64.i64 ub)
  let (k, ub) = if k == i then (ub, ub - 1) else (k, ub)
  let l = i64.f64 (sobol dirs (r0 + 1) * f64.i64 ub)
  let l = if l == i || l == k then ub else l
  let gamma = 2.38 / f64.sqrt (2.0 * 5.0) - 0.5 + sobol dirs (r0 + 2)
  in map5 (\g lo hi ck cl ->
             let amp = f64.abs ((hi - lo) * (0.1 * amplitude_ratio))
             in clamp_gene lo hi (cur[i, g] + (amp * sobol dirs (r0 + 3 + g) - amp / 2.0) + gamma * (ck - cl)))
          (iota 5) gene_min gene_max cur[k] cur[l]

-- The proposals of one iteration whose first Sobol rank is r: the move's kind (rank r: all
-- genes up to 0.2, one gene up to 0.5, else differential evolution), the proposals, their
-- backward/forward ratios and the number of ranks used.
def propose [B] [p] (dirs: [B]i32) (r: i64) (cur: [p][5]f64) (prev: [p][5]f64) : ([p][5]f64, [p]f64, i64) =
  let kind = sobol dirs r
  in if kind <= 0.2 then
       let (props, ratios) = unzip (map3 (\i c pv -> move_uniform dirs (r + 1 + 5 * i) (\_ -> true) c pv)
                                         (iota p) cur prev)
       in (props, ratios, 1 + 5 * p)
     else if kind <= 0.5 then
       let only = i64.f64 (sobol dirs (r + 1) * 5.0)
       let (props, ratios) = unzip (map3 (\i c pv -> move_uniform dirs (r + 2 + 5 * i) (\k -> k == only) c pv)
                                         (iota p) cur prev)
       in (props, ratios, 2 + 5 * p)
     else (map (\i -> move_de dirs (r + 1 + 8 * i) cur i) (iota p), replicate p 1.0, 1 + 8 * p)

-- the index of the best log-likelihood (the first of equal ones)
def best [p] (liks: [p]f64) : i64 =
  let pick (l1: f64, i1: i64) (l2: f64, i2: i64) =
    if l1 > l2 || (l1 == l2 && i1 < i2) then (l1, i1) else (l2, i2)
  in (reduce pick (-f64.inf, p) (zip liks (iota p))).1

-- The winner's a, b, sigma, nu, rho and log-likelihood, and per quote its calibrated price,
-- the Black price (both times 10^4) and their difference in per cent.
entry main (pop_size: i32) (iterations: i32) (_num_quotes: i32) (quotes: [][4]f64)
           (_num_hermite: i32) (herm_x: []f64) (herm_w: []f64) (_num_bits: i32) (dirs: []i32)
         : (f32, f32, f32, f32, f32, f32, [][3]f32) =
  let dates = map schedule quotes
  let infos = map2 quote_info quotes dates
  let pays = map2 payments quotes dates
  let prices (g: genome) = map2 (swaption_price herm_x herm_w g) infos pays
  let likelihood (g: genome) = reduce (+) 0.0 (map2 (\q pr -> log_likelihood q.black pr) infos (prices g))
  let p = i64.i32 pop_size
  let init = map (\i -> map3 (\k lo hi -> sobol dirs (1 + 5 * i + k) * (hi - lo) + lo)
                             (iota 5) gene_min gene_max)
                 (iota p)
  let (cur, _, liks, _) =
    loop (cur, prev, liks, r) = (init, init, map (likelihood <-< genome_of) init, 1 + 5 * p)
    for _it < iterations do
      let (props, ratios, used) = propose dirs r cur prev
      let liks_prop = map (likelihood <-< genome_of) props
      let r = r + used
      let (cur, liks) =
        unzip (map5 (\i c pr (l, lp) bf ->
                       if sobol dirs (r + i) < f64.min 1.0 (f64.exp (lp - l) * bf) then (pr, lp) else (c, l))
                    (iota p) cur props (zip liks liks_prop) ratios)
      in (cur, props, liks, r + p)
  let w = genome_of cur[best liks]
  let calib = prices w
  in (f32.f64 w.a, f32.f64 w.b, f32.f64 w.sigma, f32.f64 w.nu, f32.f64 w.rho,
      f32.f64 (reduce (+) 0.0 (map2 (\q pr -> log_likelihood q.black pr) infos calib)),
      map2 (\q pr -> [f32.f64 (10000.0 * pr), f32.f64 (10000.0 * q.black),
                      f32.f64 (100.0 * f64.abs ((pr - q.black) / q.black))])
           infos calib)
