// QuantLib cross-check of examples/hullwhite/hullwhite.fut (shared/specs/hullwhite.md).
//
//   ql_check --ref
//       the spec's reference cases (Hull's curve, a = 0.1, sigma = 0.01): a 9y 5 % annual
//       bond with a European issuer call / holder put at 3.5y, strike 100 clean + accrued,
//       priced by QuantLib's CallableFixedRateBond and TreeCallableFixedRateBondEngine (108
//       and 3600 steps), and a 3y put at 63 on a 9y zero-coupon bond on QuantLib's own tree
//       and on both HWTrees (below), against the spec's values (1e-8); then HWBond (below) on
//       HullWhite::tree against QuantLib's engine for that bond called / put at 3.5y and at
//       4y, a coupon date (1e-10).
//   ql_check PORTFOLIO.in WEFT.out
//       prices every instrument of a portfolio (the 14 arguments of hullwhite.fut's main,
//       Futhark text format) with HWBond, a DiscretizedAsset applying the spec's exercise
//       rule, accrued interest and coupons, on the same regular time grid (the curve shifted
//       by the OAS) and three trees:
//         Hull     HWTree with the spec's branching (cut at jmax = 0.184 / -M):
//                  weft's price (WEFT.out, [n]f64) must agree within 1e-6 relative;
//         nearest  HWTree with the branching of QuantLib's TrinomialTree, and
//         QuantLib HullWhite::tree: these two must agree within 1e-12 relative.
//       So weft matches QuantLib like for like, and the difference between weft and
//       HullWhite::tree is the branching rule alone, a model difference: it is reported by
//       width, not bounded (at 12 steps a year up to 1e-5 at widths 19-33, 1e-6 at 35-63,
//       2e-9 from 65; more where sigma sqrt(dt) is larger: docs/APPS.md).
//       QL_CHECK_VERBOSE=1 prints every instrument's differences; QL_CHECK_NO_OWN=1 skips
//       HullWhite::tree (the slow part: a linear search per node), the nearest HWTree
//       standing in for it.
// Prints "N passed, N failed"; exit status 1 on any failure.
// Run single-threaded (OMP_NUM_THREADS=1): QuantLib's tree may open an OpenMP region per step.
#include <ql/quantlib.hpp>
#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace QuantLib;

// ---------- Futhark text format: top-level values as flat number lists ----------

struct Val { std::vector<double> d; long rows = 0; };

static std::vector<Val> parse_values(const std::string& s) {
    std::vector<Val> out;
    size_t i = 0, n = s.size();
    int depth = 0;
    Val cur;
    auto finish = [&]() { out.push_back(cur); cur = Val(); };
    while (i < n) {
        char c = s[i];
        if (c == '-' && i + 1 < n && s[i + 1] == '-') { while (i < n && s[i] != '\n') i++; continue; }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',') { i++; continue; }
        if (s.compare(i, 6, "empty(") == 0) {
            while (i < n && s[i] != ')') i++;
            i++;
            if (depth == 0) finish();
            continue;
        }
        if (c == '[') { depth++; if (depth == 2) cur.rows++; i++; continue; }
        if (c == ']') { depth--; i++; if (depth == 0) finish(); continue; }
        char* end;
        double x = std::strtod(s.c_str() + i, &end);
        if (end == s.c_str() + i) { std::fprintf(stderr, "ql_check: bad input at %zu\n", i); std::exit(2); }
        i = (size_t)(end - s.c_str());
        while (i < n && (std::isalnum((unsigned char)s[i]))) i++;  // type suffix
        cur.d.push_back(x);
        if (depth == 0) finish();
    }
    return out;
}

static std::string slurp(const char* path) {
    FILE* f = std::fopen(path, "r");
    if (!f) { std::fprintf(stderr, "ql_check: cannot open %s\n", path); std::exit(2); }
    std::string s;
    char buf[65536];
    size_t k;
    while ((k = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, k);
    std::fclose(f);
    return s;
}

// ---------- a zero curve: linear in t, flat beyond the ends, plus a spread ----------

class LinearZero : public YieldTermStructure {
  public:
    LinearZero(const Date& ref, std::vector<double> t, std::vector<double> r, double spread)
    : YieldTermStructure(ref, NullCalendar(), SimpleDayCounter()), t_(std::move(t)), r_(std::move(r)),
      spread_(spread) {}
    Date maxDate() const override { return Date::maxDate(); }
    double zero(Time x) const {
        size_t p = t_.size();
        if (x <= t_[0]) return r_[0];
        if (x >= t_[p - 1]) return r_[p - 1];
        size_t lo = 0;
        while (t_[lo + 1] <= x) lo++;
        return r_[lo] + (r_[lo + 1] - r_[lo]) * (x - t_[lo]) / (t_[lo + 1] - t_[lo]);
    }
  protected:
    DiscountFactor discountImpl(Time x) const override { return std::exp(-(zero(x) + spread_) * x); }
  private:
    std::vector<double> t_, r_;
    double spread_;
};

static const int hull_days[17] = {0, 3, 31, 62, 94, 185, 367, 731, 1096, 1461, 1826, 2194, 2558, 2922, 3287, 3653, 36500};
static const double hull_rates[17] = {0.0501772, 0.0501772, 0.0498284, 0.0497234, 0.0496157, 0.0499058,
                                      0.0509389, 0.0579733, 0.0630595, 0.0673464, 0.0694816, 0.0708807,
                                      0.0727527, 0.0730852, 0.0739790, 0.0749015, 0.0749015};

static int jmax184(double a, int s) { return (int)std::floor(0.184 / -(std::exp(-a / s) - 1.0)) + 1; }

// ---------- Hull-White trinomial trees on QuantLib's lattice ----------
// HWTree is a QuantLib TreeLattice1D (its state prices, rollback and DiscretizedAsset
// machinery) for r = alpha_i + x, x following QuantLib's OrnsteinUhlenbeckProcess(a, sigma)
// (the exact moments of the spec), on nodes x = j dx with dx = sqrt(3 variance(dt)) and a
// regular time grid.  Node j of level i branches to k - 1, k, k + 1 with the probabilities
// that match the process's mean and variance (QuantLib's formulas); the centre k follows
// one of two rules:
//   Hull     the spec's tree: k = j, except at |j| = jmax = floor(0.184 / -M) + 1 where the
//            edge node branches inwards (k = j -+ 1); the tree is cut at jmax.
//   Nearest  QuantLib's TrinomialTree: k = the node nearest the mean, floor(E[x] / dx + 0.5);
//            the tree grows until that folds its edges inwards, at about 0.5 / -M.
// alpha_i is fitted to the curve from the state prices of level i as HullWhite::tree does.
// With Nearest this is QuantLib's own tree (ql_check compares it with HullWhite::tree for
// every instrument); with Hull it is the tree of the spec, so weft is compared like for like.
class HWTree : public TreeLattice1D<HWTree> {
  public:
    enum Rule { Hull, Nearest };
    HWTree(const TimeGrid& grid, int spy, double a, double sigma, const YieldTermStructure& ts, Rule rule)
    : TreeLattice1D<HWTree>(grid, 3), dt_(grid.dt(0)) {
        OrnsteinUhlenbeckProcess ou(a, sigma);
        Size n = grid.size() - 1;
        double v2 = ou.variance(0.0, 0.0, dt_), v = std::sqrt(v2);
        dx_ = std::sqrt(3.0) * v;
        int jmax = jmax184(a, spy);
        // nodes: at most 2 min(i, J) + 1 on level i, J the larger of the two rules' edges
        long J = std::max<long>(jmax, (long)(0.5 / (1.0 - std::exp(-a * dt_))) + 2), total = 0;
        for (Size i = 0; i < n; i++) total += 2 * std::min<long>((long)i, J) + 1;
        k_.reserve(total);
        p_.reserve(3 * total);
        lo_.push_back(0); size_.push_back(1); off_.push_back(0);
        for (Size i = 0; i < n; i++) {
            // E[x] = x exp(-a dt): the process's expectation from x = 1, times x (the same bits)
            double decay = ou.expectation(grid[i], 1.0, dt_);
            int kmin = INT_MAX, kmax = INT_MIN;
            for (int j = lo_[i]; j < lo_[i] + size_[i]; j++) {
                double m = (j * dx_) * decay;
                int k = rule == Nearest ? (int)std::floor(m / dx_ + 0.5) : j >= jmax ? j - 1 : j <= -jmax ? j + 1 : j;
                double e = m - k * dx_;
                k_.push_back(k);
                p_.push_back((1.0 + e * e / v2 - e * std::sqrt(3.0) / v) / 6.0);  // to k - 1
                p_.push_back((2.0 - e * e / v2) / 3.0);                            // to k
                p_.push_back((1.0 + e * e / v2 + e * std::sqrt(3.0) / v) / 6.0);  // to k + 1
                kmin = std::min(kmin, k); kmax = std::max(kmax, k);
            }
            off_.push_back(off_[i] + size_[i]);
            lo_.push_back(kmin - 1);
            size_.push_back(kmax - kmin + 3);
        }
        alpha_.assign(n, 0.0);
        for (Size i = 0; i < n; i++) {
            const Array& q = statePrices(i);
            double sum = 0.0;
            for (Size j = 0; j < q.size(); j++) sum += q[j] * std::exp(-underlying(i, j) * dt_);
            alpha_[i] = std::log(sum / ts.discount(grid[i + 1])) / dt_;
        }
    }
    Size size(Size i) const { return (Size)size_[i]; }
    Real underlying(Size i, Size index) const { return (lo_[i] + (long)index) * dx_; }
    Size descendant(Size i, Size index, Size branch) const {
        return (Size)(k_[off_[i] + index] - 1 + (long)branch - lo_[i + 1]);
    }
    Real probability(Size i, Size index, Size branch) const { return p_[3 * (off_[i] + index) + branch]; }
    DiscountFactor discount(Size i, Size index) const { return std::exp(-(alpha_[i] + underlying(i, index)) * dt_); }
  private:
    double dt_, dx_;
    std::vector<int> lo_, size_;    // per level: the lowest node j, the number of nodes
    std::vector<long> off_;         // per level: its first node in k_ (p_: 3 per node)
    std::vector<int> k_;
    std::vector<double> p_, alpha_;
};

// ---------- one instrument of the interface as a DiscretizedAsset ----------
// At each step: the exercise test against strike + accrued interest, then the coupon of the
// step.  At a coupon step the accrued interest is zero, the coupon being added after the test:
// this is what QuantLib's callable-bond engine does (--ref compares the two at a coupon date).

struct Inst { int s, h, f, kind, style, first; double a, sigma, cpn, oas, strike; };

class HWBond : public DiscretizedAsset {
  public:
    explicit HWBond(const Inst& q) : q_(q) {}
    void reset(Size size) override { values_ = Array(size, 100.0 + q_.cpn); }
    std::vector<Time> mandatoryTimes() const override { return {}; }
  protected:
    void postAdjustValuesImpl() override {
        long i = std::lround(time() * q_.s);
        if (i >= q_.h) return;
        bool ex = q_.kind != 0 && i >= q_.first &&
                  (q_.style == 0 ? i == q_.first : q_.style == 1 ? i % q_.f == 0 : true);
        if (ex) {
            long cprev = i - i % q_.f, cnext = std::min<long>(cprev + q_.f, q_.h);
            double X = q_.strike + q_.cpn * double(i - cprev) / double(cnext - cprev);
            for (Size j = 0; j < values_.size(); j++)
                values_[j] = q_.kind == 1 ? std::min(values_[j], X) : std::max(values_[j], X);
        }
        if (i > 0 && i % q_.f == 0)
            for (Size j = 0; j < values_.size(); j++) values_[j] += q_.cpn;
    }
  private:
    Inst q_;
};

// ql_check --nodes PORTFOLIO.in: the portfolio's tree nodes, the sum over instruments of
// (2 jmax + 1) * h with jmax = min(jmax184, h) (bench/hullwhite/bench.sh: nodes per second).
static int print_nodes(const char* inpath) {
    std::vector<Val> v = parse_values(slurp(inpath));
    if (v.size() != 14) { std::fprintf(stderr, "ql_check: expected 14 inputs\n"); return 2; }
    double total = 0;
    for (size_t k = 0; k < v[2].d.size(); k++) {
        int s = (int)v[2].d[k], h = (int)v[3].d[k];
        total += double(2 * std::min(jmax184(v[4].d[k], s), h) + 1) * h;
    }
    std::printf("%.0f\n", total);
    return 0;
}

// the price of instrument q (h >= 1) on a lattice over TimeGrid(h / s, h)
static double price_on(const Inst& q, const ext::shared_ptr<Lattice>& lattice) {
    HWBond bond(q);
    bond.initialize(lattice, double(q.h) / q.s);
    bond.rollback(0.0);
    return bond.presentValue();
}

static double reldiff(double x, double ref) { return std::fabs(x - ref) / std::fabs(ref); }

// weft against the Hull HWTree: the bound (measured: 4e-15); the nearest HWTree
// against HullWhite::tree: the same arithmetic in another order (measured: 3e-15)
static const double weft_bound = 1e-6, tree_bound = 1e-12;

// the width bands of the report
static const int band_lo[] = {3, 19, 25, 35, 65};
static const char* const band_name[] = {"3-17", "19-23", "25-33", "35-63", ">= 65"};
enum { NBANDS = 5 };
static int band_of(int width) {
    int b = 0;
    while (b + 1 < NBANDS && width >= band_lo[b + 1]) b++;
    return b;
}

static int run_portfolio(const char* inpath, const char* weftpath) {
    std::vector<Val> v = parse_values(slurp(inpath));
    std::vector<Val> w = parse_values(slurp(weftpath));
    if (v.size() != 14 || w.size() != 1) { std::fprintf(stderr, "ql_check: expected 14 inputs and 1 result\n"); return 2; }
    const std::vector<double>& ct = v[0].d;
    size_t p = ct.size(), n = v[2].d.size();
    if (w[0].d.size() != n) { std::fprintf(stderr, "ql_check: %zu prices for %zu instruments\n", w[0].d.size(), n); return 2; }
    bool own = !std::getenv("QL_CHECK_NO_OWN");
    Date today(15, January, 2024);
    Settings::instance().evaluationDate() = today;
    int passed = 0, failed = 0;
    int count[NBANDS] = {0};
    double max_hull[NBANDS] = {0}, max_own[NBANDS] = {0}, max_near[NBANDS] = {0};
    double own_s = 0, lattice_s = 0;
    for (size_t k = 0; k < n; k++) {
        Inst q;
        q.s = (int)v[2].d[k]; q.h = (int)v[3].d[k]; q.a = v[4].d[k]; q.sigma = v[5].d[k];
        q.cpn = v[6].d[k]; q.f = (int)v[7].d[k]; q.oas = v[8].d[k]; q.kind = (int)v[9].d[k];
        q.style = (int)v[10].d[k]; q.first = (int)v[11].d[k]; q.strike = v[12].d[k];
        int c = (int)v[13].d[k];
        if (q.f <= 0) q.f = std::max(q.h, 1);
        std::vector<double> cr(v[1].d.begin() + (long)c * p, v[1].d.begin() + (long)(c + 1) * p);
        auto ts = ext::make_shared<LinearZero>(today, ct, cr, q.oas);
        double hull = 100.0 + q.cpn, near = hull, ql = hull;
        if (q.h > 0) {
            TimeGrid grid(double(q.h) / q.s, (Size)q.h);
            auto t0 = std::chrono::steady_clock::now();
            hull = price_on(q, ext::make_shared<HWTree>(grid, q.s, q.a, q.sigma, *ts, HWTree::Hull));
            near = price_on(q, ext::make_shared<HWTree>(grid, q.s, q.a, q.sigma, *ts, HWTree::Nearest));
            auto t1 = std::chrono::steady_clock::now();
            lattice_s += std::chrono::duration<double>(t1 - t0).count();
            if (own) {
                HullWhite model{Handle<YieldTermStructure>(ts), q.a, q.sigma};
                ql = price_on(q, model.tree(grid));
                own_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
            } else
                ql = near;
        }
        int width = 2 * std::min(jmax184(q.a, q.s), q.h) + 1, b = band_of(width);
        double weft = w[0].d[k];
        double rh = reldiff(weft, hull), ro = reldiff(weft, ql), rn = reldiff(near, ql);
        count[b]++;
        max_hull[b] = std::max(max_hull[b], rh);
        max_own[b] = std::max(max_own[b], ro);
        max_near[b] = std::max(max_near[b], rn);
        bool ok = rh <= weft_bound && rn <= tree_bound;
        if (std::getenv("QL_CHECK_VERBOSE"))
            std::printf("instrument %zu width %d spy %d h %d a %.4f kind %d style %d: weft-hull %.3g near-ql %.3g weft-ql %.3g\n",
                        k, width, q.s, q.h, q.a, q.kind, q.style, rh, rn, ro);
        if (ok) passed++;
        else {
            failed++;
            std::printf("FAIL instrument %zu (spy %d, h %d, width %d, kind %d, style %d): weft %.12g, Hull tree %.12g (rel %.3g), "
                        "nearest tree %.12g, HullWhite::tree %.12g (rel %.3g)\n",
                        k, q.s, q.h, width, q.kind, q.style, weft, hull, rh, near, ql, rn);
        }
    }
    std::printf("%s: max rel diff by width: weft vs Hull HWTree (bound %g) | nearest HWTree vs HullWhite::tree "
                "(bound %g) | weft vs HullWhite::tree (reported)\n", inpath, weft_bound, tree_bound);
    for (int b = 0; b < NBANDS; b++)
        if (count[b])
            std::printf("  width %-6s %5d instruments: %9.3g | %9.3g | %9.3g\n", band_name[b], count[b], max_hull[b],
                        max_near[b], max_own[b]);
    std::printf("quantlib_us %.0f (HullWhite::tree), %.0f (both HWTrees) for %zu instruments, one thread\n", own_s * 1e6,
                lattice_s * 1e6, n);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

// the spec's simpler instrument: a European put with strike K on a zero-coupon bond of 100,
// exercised at step floor(t_opt / dt) of a regular grid with spy steps per year
class ZcbPut : public DiscretizedAsset {
  public:
    ZcbPut(int spy, long step, double strike) : spy_(spy), step_(step), strike_(strike) {}
    void reset(Size size) override { values_ = Array(size, 100.0); }
    std::vector<Time> mandatoryTimes() const override { return {}; }
  protected:
    void postAdjustValuesImpl() override {
        if (std::lround(time() * spy_) != step_) return;
        for (Size j = 0; j < values_.size(); j++) values_[j] = std::max(strike_ - values_[j], 0.0);
    }
  private:
    int spy_;
    long step_;
    double strike_;
};

static ext::shared_ptr<YieldTermStructure> hull_curve(const Date& today) {
    std::vector<double> ct, cr(hull_rates, hull_rates + 17);
    for (int d : hull_days) ct.push_back(d / 365.0);
    return ext::make_shared<LinearZero>(today, ct, cr, 0.0);
}

// the spec's put, expiry 3y, K = 63, on a 9y zero-coupon bond (Hull's curve, a = 0.1,
// sigma = 0.01) with n steps, on QuantLib's own tree (own) or on HWTree with rule
static double zcb_put(Size n, bool own, HWTree::Rule rule) {
    Date today(15, January, 2024);
    Settings::instance().evaluationDate() = today;
    auto ts = hull_curve(today);
    TimeGrid grid(9.0, n);
    int spy = (int)(n / 9);
    ext::shared_ptr<Lattice> lattice;
    if (own) lattice = HullWhite(Handle<YieldTermStructure>(ts), 0.1, 0.01).tree(grid);
    else lattice = ext::make_shared<HWTree>(grid, spy, 0.1, 0.01, *ts, rule);
    ZcbPut put(spy, (long)std::floor(3.0 * spy), 63.0);
    put.initialize(lattice, 9.0);
    put.rollback(0.0);
    return put.presentValue();
}

// the spec's 9y 5 % annual bond with one European call/put after `months`, priced by
// QuantLib's CallableFixedRateBond and TreeCallableFixedRateBondEngine with `steps` steps
static double ql_callable(bool put, Size steps, int months) {
    Date today(15, January, 2024);
    Settings::instance().evaluationDate() = today;
    Handle<YieldTermStructure> ts(hull_curve(today));
    auto model = ext::make_shared<HullWhite>(ts, 0.1, 0.01);
    Schedule sched(today, today + 9 * Years, Period(Annual), NullCalendar(), Unadjusted, Unadjusted,
                   DateGeneration::Forward, false);
    CallabilitySchedule calls;
    calls.push_back(ext::make_shared<Callability>(Bond::Price(100.0, Bond::Price::Clean),
                                                  put ? Callability::Put : Callability::Call,
                                                  today + months * Months));
    CallableFixedRateBond bond(0, 100.0, sched, std::vector<Rate>(1, 0.05), SimpleDayCounter(), Unadjusted,
                               100.0, today, calls);
    bond.setPricingEngine(ext::make_shared<TreeCallableFixedRateBondEngine>(model, steps, ts));
    return bond.dirtyPrice();
}

// the same bond as an instrument of the data interface (12 steps a year, annual coupons of
// 5, European exercise at step `months`), priced with HWBond on HullWhite::tree
static double hwbond_callable(bool put, int months) {
    Date today(15, January, 2024);
    Settings::instance().evaluationDate() = today;
    Inst q{12, 108, 12, put ? 2 : 1, 0, months, 0.1, 0.01, 5.0, 0.0, 100.0};
    HullWhite model(Handle<YieldTermStructure>(hull_curve(today)), 0.1, 0.01);
    return price_on(q, model.tree(TimeGrid(9.0, 108)));
}

static int run_ref() {
    int passed = 0, failed = 0;
    auto report = [&](const char* what, const char* by, double v, const char* refname, double ref, double bound) {
        double rel = reldiff(v, ref);
        bool ok = rel <= bound;
        std::printf("%s %s: %s %.10f, %s %.10f, rel %.3g\n", ok ? "ok  " : "FAIL", what, by, v, refname, ref, rel);
        (ok ? passed : failed)++;
    };
    // the spec's reference values (8 decimals)
    struct { bool put; Size steps; double spec; const char* what; } bonds[] = {
        {false, 108, 83.70291935, "callable 9y 5% bond, call at 3.5y, n = 108"},
        {false, 3600, 83.70290088, "callable 9y 5% bond, call at 3.5y, n = 3600"},
        {true, 3600, 94.94091731, "puttable 9y 5% bond, put at 3.5y, n = 3600"},
    };
    for (auto& c : bonds) report(c.what, "QuantLib's engine", ql_callable(c.put, c.steps, 42), "spec", c.spec, 1e-8);
    struct { Size n; int tree; double spec; const char* what; } puts[] = {
        {9, 0, 1.87837118, "zero-bond put, n = 9"},
        {9, 1, 1.87837118, "zero-bond put, n = 9"},
        {9, 2, 1.87995731, "zero-bond put, n = 9"},
        {45, 0, 1.83826868, "zero-bond put, n = 45"},
        {450, 1, 1.81169650, "zero-bond put, n = 450"},
        {1800, 1, 1.80988234, "zero-bond put, n = 1800"},
    };
    static const char* const tree_name[3] = {"HullWhite::tree", "nearest HWTree", "Hull HWTree"};
    for (auto& c : puts)
        report(c.what, tree_name[c.tree], zcb_put(c.n, c.tree == 0, c.tree == 2 ? HWTree::Hull : HWTree::Nearest),
               "spec", c.spec, 1e-8);
    // HWBond's exercise rule, accrued interest and coupons against QuantLib's callable-bond
    // engine on the same tree: between coupon dates (3.5y) and on one (4y)
    for (int months : {42, 48})
        for (bool put : {false, true}) {
            char what[80];
            std::snprintf(what, sizeof what, "%s at %dm, n = 108", put ? "put" : "call", months);
            report(what, "HWBond", hwbond_callable(put, months), "engine", ql_callable(put, 108, months), 1e-10);
        }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

int main(int argc, char** argv) {
    try {
        if (argc == 2 && std::string(argv[1]) == "--ref") return run_ref();
        if (argc == 3 && std::string(argv[1]) == "--nodes") return print_nodes(argv[2]);
        if (argc == 3) return run_portfolio(argv[1], argv[2]);
    } catch (std::exception& e) {
        std::fprintf(stderr, "ql_check: QuantLib error: %s\n", e.what());
        return 2;
    }
    std::fprintf(stderr, "usage: ql_check --ref | ql_check PORTFOLIO.in WEFT.out | ql_check --nodes PORTFOLIO.in\n");
    return 2;
}
