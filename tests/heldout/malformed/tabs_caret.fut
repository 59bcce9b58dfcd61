-- Tabs before the culprit: the caret must still point at it.
-- ==
-- error: tabs_caret\.fut:5:[0-9]+: error:
entry main (x: i32) : i32 =
		x + true
