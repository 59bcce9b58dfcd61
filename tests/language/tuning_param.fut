-- #[param(NAME)] e is a tuning parameter whose default is e; tuning_param.fut.tuning (read by
-- `weft test`, as by `futhark test`) sets foo.  Test blocks may name backends weft does not
-- have (no_python, no_wasm, no_ispc): those words are ignored.
-- ==
-- entry: foo
-- no_python no_wasm input { 2i64 } output { 3i64 }

-- ==
-- entry: bar
-- no_ispc input { 2i64 } output { 4i64 }

entry foo (x: i64) = #[param(foo)] x + 2
entry bar (x: i64) = #[param(bar)] x + 2
