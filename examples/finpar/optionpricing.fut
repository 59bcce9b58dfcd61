-- OptionPricing (FinPar): Monte Carlo pricing of financial contracts.
--
-- Every Monte Carlo iteration k draws a Sobol point, maps it to Gaussians,
-- turns them into Brownian paths with a Brownian bridge, simulates the
-- underlyings with Black-Scholes for every model, and evaluates the contract's
-- payoff.  The price of each model is the mean payoff.  The computation is in
-- f64 (inputs are converted), as the sum over millions of iterations needs it;
-- the result is returned as f32 like the datasets' .out files.
--
-- Parallelism: a map over tiles of consecutive iterations followed by a
-- vector sum (reduce); maps over dates, underlyings and models inside each
-- iteration; the bridge is a sequential loop over dates and the paths a
-- product scan over dates.
--
-- Sobol numbers (seed 003 sections 2.2 and 3.3): the independent formula
-- (sobol_point) computes the point of any iteration on its own; the recurrent
-- one (sobol_next) gets the next point from the previous one with one xor per
-- dimension.  The iterations are cut into tiles of t consecutive ones: each
-- tile starts with the independent formula and continues with the recurrence,
-- which leaves enough tiles for the parallel hardware (t = the largest power of
-- two <= n / 8192, at most 128; 1 for small n) and makes the rest cheap.
--
-- Two entry points compute the same prices.  `main` takes one iteration at a
-- time: its Gaussians, then its paths.  `main_batched` (for the CPU backends)
-- takes batches of a tile's iterations and gets their Gaussians from one flat
-- call of ugaussians, which runs the common case as one long branch-free loop
-- the C compiler vectorises and the rare case on the numbers a filter gathers.
-- On the CPU that is about 9 % faster (docs/PERFORMANCE.md, ninth session); on
-- the GPU the per-thread filter and scatter make it 1.8x (FinPar medium) to
-- 3.4x (large) slower, so the CUDA benchmarks run `main`.
--
-- ==
-- entry: main main_batched
-- input @ data/optionpricing-small-4096.in
-- output @ data/optionpricing-small-4096.out
-- input @ data/optionpricing-medium-4096.in
-- output @ data/optionpricing-medium-4096.out
-- input @ data/optionpricing-large-64.in
-- output @ data/optionpricing-large-64.out
-- compiled input @ ../../data/finpar/OptionPricing-small.in
-- output @ ../../data/finpar/OptionPricing-small.out
-- compiled input @ ../../data/finpar/OptionPricing-medium.in
-- output @ ../../data/finpar/OptionPricing-medium.out
-- compiled input @ ../../data/finpar/OptionPricing-large.in
-- output @ ../../data/finpar/OptionPricing-large.out

-- Sobol, independent formula: the integer point (one 30-bit number per
-- dimension) of rank m, from the Gray code of m: per dimension, the xor of the
-- direction numbers of the code's set bits.
def sobol_point [D] [B] (dir_vs: [D][B]i32) (m: i64) : [D]i32 =
  let gray = m ^ (m >> 1)
  in map (\dv -> reduce (^) 0i32
                        (map2 (\d b -> if ((gray >> b) & 1) == 1 then d else 0i32) dv (iota B)))
         dir_vs

-- Sobol, recurrent formula: the point of rank m + 1 from the point v of rank m
-- (the Gray codes of m and m + 1 differ in bit ctz(m + 1)).
def sobol_next [D] [B] (dir_vs: [D][B]i32) (m: i64) (v: [D]i32) : [D]i32 =
  let bit = i64.i32 (i64.ctz (m + 1))
  in map2 (\x dv -> x ^ dv[bit]) v dir_vs

-- A Sobol number read as a 30-bit fixed-point fraction.
def uniform (x: i32) : f64 = f64.i32 x / 1073741824.0

-- Wichura's AS241 (PPND16) inverse of the standard normal distribution.
def coef_a : [8]f64 = [3.387132872796366608, 133.14166789178437745, 1971.5909503065514427,
                       13731.693765509461125, 45921.953931549871457, 67265.770927008700853,
                       33430.575583588128105, 2509.0809287301226727]
def coef_b : [8]f64 = [1.0, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077,
                       21213.794301586595867, 39307.89580009271061, 28729.085735721942674,
                       5226.495278852854561]
def coef_c : [8]f64 = [1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055,
                       3.64784832476320460504, 1.27045825245236838258, 0.24178072517745061177,
                       0.0227238449892691845833, 7.7454501427834140764e-4]
def coef_d : [8]f64 = [1.0, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455,
                       0.14810397642748007459, 0.0151986665636164571966, 5.475938084995344946e-4,
                       1.05075007164441684324e-9]
def coef_e : [8]f64 = [6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358,
                       0.29656057182850489123, 0.026532189526576123093, 0.0012426609473880784386,
                       2.71155556874348757815e-5, 2.01033439929228813265e-7]
def coef_f : [8]f64 = [1.0, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525,
                       7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7,
                       2.04426310338993978564e-15]

-- The polynomial with coefficients k (lowest first) at x, by Estrin's scheme:
-- the pairs k[i] + k[i+1] x, then those combined with x^2, then with x^4.  Its
-- longest chain of dependent operations is 4 (Horner's rule: 8), which matters
-- here: on the small dataset each Monte Carlo iteration is one long chain.
def poly7 (k: [8]f64) (x: f64) : f64 =
  let x2 = x * x
  let x4 = x2 * x2
  in ((k[0] + k[1] * x) + x2 * (k[2] + k[3] * x))
     + x4 * ((k[4] + k[5] * x) + x2 * (k[6] + k[7] * x))

-- The central region, |u - 0.5| <= 0.425: 85 % of the numbers.
def gauss_central (u: f64) : f64 =
  let q = u - 0.5
  let r = 0.180625 - q * q
  in q * poly7 coef_a r / poly7 coef_b r

-- The tails, |u - 0.5| > 0.425.
def gauss_tail (u: f64) : f64 =
  let q = u - 0.5
  let r = f64.sqrt (-(f64.log (f64.min u (1.0 - u))))
  let z = if r <= 5.0
          then let x = r - 1.6 in poly7 coef_c x / poly7 coef_d x
          else let x = r - 5.0 in poly7 coef_e x / poly7 coef_f x
  in if q < 0.0 then -z else z

def in_tail (u: f64) : bool = f64.abs (u - 0.5) > 0.425

-- The Gaussian of one Sobol number (main).
def ugaussian (u: f64) : f64 =
  if in_tail u then gauss_tail u else gauss_central u

-- The Gaussians of a batch of Sobol numbers (main_batched).  Which numbers fall
-- in the tails is as good as random, so a per-number choice between the two
-- formulas is a branch the processor mispredicts about once in six numbers,
-- and every misprediction throws away the long chains of the numbers around
-- it.  Instead the central formula, which is cheap and branch-free, runs on
-- every number (the C compiler vectorises that loop), and the tail formula only
-- on the numbers a filter gathers, whose results a scatter writes over.
def ugaussians [n] (xs: [n]i32) : [n]f64 =
  let us = map uniform xs
  let tails = filter (\i -> in_tail us[i]) (iota n)
  in scatter (map gauss_central us) tails (map (\i -> gauss_tail us[i]) tails)

-- Brownian bridge of one underlying: the Gaussians zs (one per date) become
-- the increments of a Wiener path.  bi, li, ri are 1-based dates (0 = none).
def bridge [T] (bi: [T]i32) (li: [T]i32) (ri: [T]i32)
               (sd: [T]f64) (lw: [T]f64) (rw: [T]f64) (zs: [T]f64) : [T]f64 =
  let w0 = replicate T 0.0
  let w0 = w0 with [i64.i32 bi[0] - 1] = sd[0] * zs[0]
  let w = loop w = w0 for i0 < T - 1 do
            let i = i0 + 1
            let from_r = if ri[i] == 0 then 0.0 else rw[i] * w[i64.i32 ri[i] - 1]
            let from_l = if li[i] == 0 then 0.0 else lw[i] * w[i64.i32 li[i] - 1]
            in w with [i64.i32 bi[i] - 1] = from_r + sd[i] * zs[i] + from_l
  in map (\d -> if d == 0 then w[0] else w[d] - w[d - 1]) (iota T)

-- The lower triangle of a Cholesky factor (the part the paths use).
def lower [U] (c: [U][U]f64) : [U][U]f64 =
  map2 (\c_j j -> map2 (\cjl l -> if l <= j then cjl else 0.0) c_j (iota U)) c (iota U)

-- Black-Scholes paths of one model: S[d][j] = S[d-1][j] * exp(vol * (c dW)_j + drift),
-- a product scan over the dates (c_lower: the model's lower Cholesky factor).
def black_scholes [T] [U] (c_lower: [U][U]f64) (vols: [T][U]f64) (drifts: [T][U]f64)
                          (starts: [U]f64) (dw: [T][U]f64) : [T][U]f64 =
  let growth =
    map3 (\dw_d vol_d drift_d ->
            map3 (\c_j vol dr -> f64.exp (vol * reduce (+) 0.0 (map2 (*) c_j dw_d) + dr))
                 c_lower vol_d drift_d)
         dw vols drifts
  -- The start prices are folded into the first date's growth, so the product scan
  -- gives the prices directly (FinPar's order of multiplication).  A separate
  -- `map (* st)` over the scan's result cost more than its multiplications: the C
  -- compiler vectorised that loop, and its wide loads of the scan's fresh scalar
  -- stores stalled on store-to-load forwarding.  The scan is of scalars per
  -- underlying (a scan of rows with map2 (*) would build a row per date).
  let growth = growth with [0] = map2 (*) starts growth[0]
  in transpose (map (scan (*) 1.0) (transpose growth))

-- min_j S[d][j] / start_j for the three underlyings of contracts 2 and 3.
def fraction [T] [U] (s: [T][U]f64) (d: i64) : f64 =
  f64.min (s[d, 0] / 3758.05) (f64.min (s[d, 1] / 11840.0) (s[d, 2] / 1200.0))

-- Contract 1: European call.
def payoff1 [T] [U] (detval: []f64) (disc: []f64) (s: [T][U]f64) : f64 =
  f64.max 0.0 (s[0, 0] - 4000.0) * detval[0] * disc[0]

-- Contract 2: discrete barrier on 5 dates.
def payoff2 [T] [U] (disc: []f64) (s: [T][U]f64) : f64 =
  let (amount, idx) =
    if fraction s 0 >= 1.0 then (1150.0, 0)
    else if fraction s 1 >= 1.0 then (1300.0, 1)
    else if fraction s 2 >= 1.0 then (1450.0, 2)
    else if fraction s 3 >= 1.0 then (1600.0, 3)
    else let x = fraction s 4
         in (if x >= 1.0 then 1750.0 else if x > 0.75 then 1000.0 else 1000.0 * x, 4)
  in amount * disc[idx]

-- Contract 3: daily barrier.
def payoff3 [T] [U] (disc: []f64) (s: [T][U]f64) : f64 =
  let hit = reduce (||) false
                   (map (\r -> r[0] <= 2630.6349999999998 || r[1] <= 8288.0 || r[2] <= 840.0) s)
  let last = s[T - 1]
  let below = last[0] < 3758.05 || last[1] < 11840.0 || last[2] < 1200.0
  let amount = if hit && below then 1000.0 * fraction s (T - 1) else 1000.0
  in 100.0 * disc[0] + amount * disc[1]

-- The prices of all models; `batched` chooses between the two entry points'
-- ways of getting the Gaussians (a constant in each, which the simplifier folds).
def option_prices [D] [B] [M] [U] [T] [K] [L]
           (batched: bool)
           (contract: i32) (num_mc_it: i32)
           (dir_vs: [D][B]i32)
           (md_cs: [M][U][U]f32)
           (md_vols: [M][T][U]f32)
           (md_drifts: [M][T][U]f32)
           (md_sts: [M][U]f32)
           (md_detvals: [M][K]f32)
           (md_discts: [M][L]f32)
           (bb_inds: [3][T]i32)
           (bb_data: [3][T]f32) : [M]f32 =
  let n = i64.i32 num_mc_it
  let cs = map (\c -> lower (map (map f64.f32) c)) md_cs
  let vols = map (map (map f64.f32)) md_vols
  let drifts = map (map (map f64.f32)) md_drifts
  let starts = map (map f64.f32) md_sts
  let detvals = map (map f64.f32) md_detvals
  let discts = map (map f64.f32) md_discts
  let bbd = map (map f64.f32) bb_data
  -- the prices of one iteration, given its Gaussians: z[t][j] is the Gaussian
  -- of dimension t*U + j
  let prices (z: [T][U]f64) : [M]f64 =
    let dw = transpose (map (bridge bb_inds[0] bb_inds[1] bb_inds[2] bbd[0] bbd[1] bbd[2])
                            (transpose z))
    in map5 (\c vol drift start (detval, disc) ->
               let s = black_scholes c vol drift start dw
               in if contract == 1 then payoff1 detval disc s
                  else if contract == 2 then payoff2 disc s
                  else payoff3 disc s)
            cs vols drifts starts (zip detvals discts)
  -- tiles of t consecutive iterations (iteration k uses the point of rank k + 1)
  let t = loop t = 1i64 while t < 128 && t * 2 * 8192 <= n do t * 2
  let tiles = (n + t - 1) / t
  -- main_batched: batches of b iterations of a tile share one call of
  -- ugaussians, about 2048 numbers (16 KiB of Gaussians, which stay in the
  -- cache until the batch's prices read them); at least one iteration
  let b = i64.max 1 (i64.min t (2048 / D))
  let tile_sum (c: i64) : [M]f64 =
    let k0 = c * t
    let len = i64.min t (n - k0)
    let (sum, _) =
      if !batched then
        loop (sum, v) = (replicate M 0.0, sobol_point dir_vs (k0 + 1)) for j < len do
          let m = k0 + j + 1
          let z = map (\t -> map (\j -> ugaussian (uniform v[t * U + j])) (iota U)) (iota T)
          in (map2 (+) sum (prices z), if j + 1 < len then sobol_next dir_vs m v else v)
      else
        loop (sum, v) = (replicate M 0.0, sobol_point dir_vs (k0 + 1)) for batch < (len + b - 1) / b do
          let j0 = batch * b
          let blen = i64.min b (len - j0)
          -- the Sobol points of the batch, and the point after it
          let (points, v) =
            loop (points, v) = (replicate blen (replicate D 0i32), v) for j < blen do
              let m = k0 + j0 + j + 1
              in (points with [j] = v, if j0 + j + 1 < len then sobol_next dir_vs m v else v)
          let zs = unflatten_3d (ugaussians (flatten points) :> [blen * T * U]f64)
          in (loop sum for j < blen do map2 (+) sum (prices zs[j]), v)
    in sum
  let sums = reduce (map2 (+)) (replicate M 0.0) (map tile_sum (iota tiles))
  in map (\x -> f32.f64 (x / f64.i64 n)) sums

entry main [D] [B] [M] [U] [T] [K] [L]
           (contract: i32) (num_mc_it: i32) (dir_vs: [D][B]i32) (md_cs: [M][U][U]f32)
           (md_vols: [M][T][U]f32) (md_drifts: [M][T][U]f32) (md_sts: [M][U]f32)
           (md_detvals: [M][K]f32) (md_discts: [M][L]f32) (bb_inds: [3][T]i32)
           (bb_data: [3][T]f32) : [M]f32 =
  option_prices false contract num_mc_it dir_vs md_cs md_vols md_drifts md_sts md_detvals
                md_discts bb_inds bb_data

entry main_batched [D] [B] [M] [U] [T] [K] [L]
           (contract: i32) (num_mc_it: i32) (dir_vs: [D][B]i32) (md_cs: [M][U][U]f32)
           (md_vols: [M][T][U]f32) (md_drifts: [M][T][U]f32) (md_sts: [M][U]f32)
           (md_detvals: [M][K]f32) (md_discts: [M][L]f32) (bb_inds: [3][T]i32)
           (bb_data: [3][T]f32) : [M]f32 =
  option_prices true contract num_mc_it dir_vs md_cs md_vols md_drifts md_sts md_detvals
                md_discts bb_inds bb_data
