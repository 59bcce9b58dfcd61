-- LocVolCalib (FinPar): the pricing kernel of local-volatility calibration.
--
-- For every strike (the outer map) a PDE for the option price is solved on an
-- X*Y grid by a finite-difference ADI scheme, stepping backwards in time: each
-- time step is an explicit x/y step (maps over the grid) followed by two
-- implicit steps, which solve one tridiagonal system per grid row (a map of
-- tridag).  The result is the price at the grid point of (s0, log alpha).
-- Single precision, like the datasets.
--
-- tridag is written in its parallel form (three scans), so that a compiler
-- can choose between the outer and the inner parallelism.
--
-- ==
-- input @ data/locvolcalib-small-o8-y64-t6.in
-- output @ data/locvolcalib-small-o8-y64-t6.out
-- input @ data/locvolcalib-medium-o3-t4.in
-- output @ data/locvolcalib-medium-o3-t4.out
-- input @ data/locvolcalib-large-o2-x128-y128-t4.in
-- output @ data/locvolcalib-large-o2-x128-y128-t4.out
-- compiled input @ ../../data/finpar/LocVolCalib-small.in
-- output @ ../../data/finpar/LocVolCalib-small.out
-- compiled input @ ../../data/finpar/LocVolCalib-medium.in
-- output @ ../../data/finpar/LocVolCalib-medium.out
-- compiled input @ ../../data/finpar/LocVolCalib-large.in
-- output @ ../../data/finpar/LocVolCalib-large.out

-- Solve a_i x_{i-1} + b_i x_i + c_i x_{i+1} = r_i (a_0 and c_{n-1} are unused).
--
-- The pivots beta_i = b_i - a_i c_{i-1} / beta_{i-1} are ratios p_i / q_i with
-- (p_i, q_i) = M_i (p_{i-1}, q_{i-1}), M_i = [[b_i, -a_i c_{i-1}], [1, 0]], so they
-- come from a scan of 2x2 matrix products.  The products are rescaled at every
-- step (only the ratio matters) so that they do not overflow.  The forward and
-- backward sweeps are first-order linear recurrences: scans of the composition
-- of linear functions x -> o + s*x, represented as (s, o).
def tridag [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) (r: [n]f32) : [n]f32 =
  let mat_mul (x0: f32, x1: f32, x2: f32, x3: f32) (y0: f32, y1: f32, y2: f32, y3: f32) =
    -- y * x: x comes first in the sequence
    let p0 = y0 * x0 + y1 * x2
    let p1 = y0 * x1 + y1 * x3
    let p2 = y2 * x0 + y3 * x2
    let p3 = y2 * x1 + y3 * x3
    let s = f32.abs p0 + f32.abs p1 + f32.abs p2 + f32.abs p3
    in (p0 / s, p1 / s, p2 / s, p3 / s)
  let mats = map (\i -> if i == 0 then (b[0], 0.0, 1.0, 0.0)
                        else (b[i], -(a[i] * c[i - 1]), 1.0, 0.0))
                 (iota n)
  let beta = map (\(m0, m1, m2, m3) -> (m0 + m1) / (m2 + m3))
                 (scan mat_mul (1.0, 0.0, 0.0, 1.0) mats)
  let compose (s1: f32, o1: f32) (s2: f32, o2: f32) = (s2 * s1, s2 * o1 + o2)
  -- forward: y_i = r_i - (a_i / beta_{i-1}) y_{i-1}
  let fwd = map (\i -> if i == 0 then (0.0, r[0]) else (-(a[i] / beta[i - 1]), r[i])) (iota n)
  let y = map (\(_, o) -> o) (scan compose (1.0, 0.0) fwd)
  -- backward, over the reversed sequence: x_i = y_i / beta_i - (c_i / beta_i) x_{i+1}
  let bwd = map (\k -> let i = n - 1 - k
                       in if k == 0 then (0.0, y[i] / beta[i])
                          else (-(c[i] / beta[i]), y[i] / beta[i]))
                (iota n)
  let x_rev = map (\(_, o) -> o) (scan compose (1.0, 0.0) bwd)
  in map (\i -> x_rev[n - 1 - i]) (iota n)

-- The second-derivative operator on the grid x, as (lower, diagonal, upper)
-- weights; zero at the boundaries.  (The first-derivative operators of the
-- algorithm are multiplied by the drifts MuX = MuY = 0 and drop out.)
def second_derivative [n] (x: [n]f32) : [n](f32, f32, f32) =
  map (\i -> if i == 0 || i == n - 1 then (0.0, 0.0, 0.0)
             else let l = x[i] - x[i - 1]
                  let u = x[i + 1] - x[i]
                  in (2.0 / l / (l + u), -2.0 * (1.0 / l + 1.0 / u) / (l + u), 2.0 / u / (l + u)))
      (iota n)

-- The value of one strike.  r is indexed [x][y] throughout.
def price_strike [nx] [ny] [nt] (xs: [nx]f32) (ys: [ny]f32) (time: [nt]f32)
                         (dxx: [nx](f32, f32, f32)) (dyy: [ny](f32, f32, f32))
                         (ind_x: i64) (ind_y: i64) (nu: f32) (beta: f32)
                         (strike: f32) : f32 =
  let var_y = nu * nu
  let r0 = map (\x -> replicate ny (f32.max (x - strike) 0.0)) xs
  let r = loop r = r0 for step < nt - 1 do
    let g = nt - 2 - step
    let dt_inv = 1.0 / (time[g + 1] - time[g])
    -- var_x[j][i]
    let var_x = map (\y -> map (\x -> f32.exp (2.0 * (beta * f32.log x + y - 0.5 * nu * nu * time[g])))
                               xs)
                    ys
    -- 1. explicit x: u[j][i]
    let u = map2 (\j var_row ->
                    map3 (\i vx (d0, d1, d2) ->
                            let h = 0.5 * vx
                            let s = (if i > 0 then r[i - 1, j] * h * d0 else 0.0)
                                    + r[i, j] * h * d1
                                    + (if i < nx - 1 then r[i + 1, j] * h * d2 else 0.0)
                            in dt_inv * r[i, j] + 0.5 * s)
                         (iota nx) var_row dxx)
                 (iota ny) var_x
    -- 2. explicit y: v[i][j]
    let v = map (\r_row ->
                   map2 (\j (d0, d1, d2) ->
                           let h = 0.5 * var_y
                           in (if j > 0 then r_row[j - 1] * h * d0 else 0.0)
                              + r_row[j] * h * d1
                              + (if j < ny - 1 then r_row[j + 1] * h * d2 else 0.0))
                        (iota ny) dyy)
                r
    let u = map2 (map2 (+)) u (transpose v)
    -- 3. implicit x: one system per row j
    let u = map2 (\u_row var_row ->
                    let (a, b, c) =
                      unzip3 (map2 (\vx (d0, d1, d2) ->
                                      let h = 0.5 * vx
                                      in (-0.5 * h * d0, dt_inv - 0.5 * h * d1, -0.5 * h * d2))
                                   var_row dxx)
                    in tridag a b c u_row)
                 u var_x
    -- 4. implicit y: one system per column i; the solution is the new r
    let (ay, by, cy) =
      unzip3 (map (\(d0, d1, d2) ->
                     let h = 0.5 * var_y
                     in (-0.5 * h * d0, dt_inv - 0.5 * h * d1, -0.5 * h * d2))
                  dyy)
    in map2 (\u_col v_row -> tridag ay by cy (map2 (\uu vv -> dt_inv * uu - 0.5 * vv) u_col v_row))
            (transpose u) v
  in r[ind_x, ind_y]

entry main (outer: i32) (num_x: i32) (num_y: i32) (num_t: i32)
           (s0: f32) (t: f32) (alpha: f32) (nu: f32) (beta: f32) : []f32 =
  let nx = i64.i32 num_x
  let ny = i64.i32 num_y
  let nt = i64.i32 num_t
  let time = map (\i -> t * f32.i64 i / f32.i64 (nt - 1)) (iota nt)
  let dx = 20.0 * alpha * s0 * f32.sqrt t / f32.i64 nx
  let ind_x = i64.f32 (f32.floor (s0 / dx))
  let xs = map (\i -> f32.i64 (i - ind_x) * dx + s0) (iota nx)
  let dy = 10.0 * nu * f32.sqrt t / f32.i64 ny
  let ind_y = ny / 2
  let ys = map (\i -> f32.i64 (i - ind_y) * dy + f32.log alpha) (iota ny)
  let dxx = second_derivative xs
  let dyy = second_derivative ys
  in map (\o -> price_strike xs ys time dxx dyy ind_x ind_y nu beta (0.001 * f32.i64 o))
         (iota (i64.i32 outer))
