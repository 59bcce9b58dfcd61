"""test_portfolio.py — the Python module `weft c --python portfolio.fut -o DIR/portfolio` makes
(cffi + NumPy), checked against NumPy's own computation of the same results.

    weft c --python portfolio.fut -o /tmp/py/portfolio
    PYTHONPATH=/tmp/py python3 -m unittest test_portfolio      (or: pytest test_portfolio.py)

tests/scripts/python_library.sh runs it for `make check` (skipped without cffi and NumPy).
"""
import gc
import unittest
import weakref

import numpy as np

import portfolio


def jagged(rows, rng):
    """Rows of random lengths (0..6) as a jagged array's parts: (offsets, data)."""
    lengths = rng.integers(0, 7, rows)
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    return offsets, rng.uniform(10, 100, offsets[-1])


class Portfolio(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ctx = portfolio.Context(threads=2)
        cls.rng = np.random.default_rng(7)

    def test_payoffs(self):
        spots = self.rng.uniform(50, 150, 1000)
        pay, mean = self.ctx.payoffs(spots, 100.0)
        want = np.maximum(spots - 100.0, 0)
        np.testing.assert_array_equal(pay, want)
        self.assertAlmostEqual(mean, want.mean(), delta=1e-9 * want.mean())
        self.assertIsInstance(mean, np.float64)

    def test_result_is_a_view_of_the_library(self):
        """No copy on the way out: the array's memory is the library's, freed with the array."""
        pay, _ = self.ctx.payoffs(np.array([99.0, 101.0]), 100.0)
        self.assertFalse(pay.flags.owndata)
        owner = weakref.ref(pay.base.owner)
        del pay
        gc.collect()
        self.assertIsNone(owner(), "the library's array is freed with its last view")

    def test_strided_and_list_inputs(self):
        spots = np.arange(200.0)[::3]  # not contiguous: copied into a dense array first
        np.testing.assert_array_equal(self.ctx.payoffs(spots, 50.0)[0], np.maximum(spots - 50, 0))
        np.testing.assert_array_equal(self.ctx.payoffs([120.0, 80.0], 100.0)[0], [20.0, 0.0])

    def test_jagged(self):
        offsets, qty = jagged(100, self.rng)
        price = self.rng.uniform(1, 50, len(qty))
        vo, vd = self.ctx.values((offsets, qty), (offsets, price))
        totals, (ro, rd) = self.ctx.totals((vo, vd))
        np.testing.assert_array_equal(np.diff(vo), np.diff(offsets))
        np.testing.assert_array_equal(np.diff(ro), np.diff(offsets))
        for c in range(100):
            row = qty[offsets[c]:offsets[c + 1]] * price[offsets[c]:offsets[c + 1]]
            np.testing.assert_array_equal(vd[vo[c]:vo[c + 1]], row)
            np.testing.assert_allclose(rd[ro[c]:ro[c + 1]], np.cumsum(row), rtol=1e-12)
            self.assertAlmostEqual(totals[c], row.sum(), delta=1e-9 * (1 + row.sum()))

    def test_empty(self):
        pay, _ = self.ctx.payoffs(np.zeros(0), 1.0)
        self.assertEqual(pay.shape, (0,))
        totals, (ro, rd) = self.ctx.totals((np.zeros(4, np.int64), np.zeros(0)))
        np.testing.assert_array_equal(totals, [0, 0, 0])
        np.testing.assert_array_equal(ro, [0, 0, 0, 0])

    def test_errors(self):
        with self.assertRaisesRegex(TypeError, "dtype float64"):
            self.ctx.payoffs(np.arange(3), 1.0)
        with self.assertRaisesRegex(TypeError, "1 dimensions"):
            self.ctx.payoffs(np.zeros((2, 2)), 1.0)
        uneven = (np.array([0, 2, 2]), np.array([1.0, 2.0]))
        even = (np.array([0, 1, 2]), np.array([1.0, 2.0]))
        with self.assertRaisesRegex(portfolio.WeftError, r"portfolio\.fut:\d+:\d+: Error"):
            self.ctx.values(even, uneven)
        with self.assertRaisesRegex(portfolio.WeftError, "jagged array"):
            self.ctx.totals((np.array([0, 3, 1]), np.zeros(3)))
        np.testing.assert_array_equal(self.ctx.payoffs([2.0], 1.0)[0], [1.0], "works after a failure")


if __name__ == "__main__":
    unittest.main()
