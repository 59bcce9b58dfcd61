-- String processing on u8 arrays: word counting from space boundaries, upper-casing,
-- a Caesar shift, and a letters-only palindrome test.
-- ==
-- entry: word_count
-- input { [116u8, 104u8, 101u8, 32u8, 113u8, 117u8, 105u8, 99u8, 107u8, 32u8, 32u8, 98u8, 114u8, 111u8, 119u8, 110u8, 32u8, 102u8, 111u8, 120u8] }
-- output { 4i32 }
-- input { [32u8, 32u8, 108u8, 101u8, 97u8, 100u8, 105u8, 110u8, 103u8, 32u8, 97u8, 110u8, 100u8, 32u8, 116u8, 114u8, 97u8, 105u8, 108u8, 105u8, 110u8, 103u8, 32u8, 32u8] }
-- output { 3i32 }
-- input { empty([0]u8) }
-- output { 0i32 }
-- input { [120u8] }
-- output { 1i32 }

-- ==
-- entry: upper
-- input { [72u8, 101u8, 108u8, 108u8, 111u8, 44u8, 32u8, 87u8, 111u8, 114u8, 108u8, 100u8, 33u8, 32u8, 52u8, 50u8] }
-- output { [72u8, 69u8, 76u8, 76u8, 79u8, 44u8, 32u8, 87u8, 79u8, 82u8, 76u8, 68u8, 33u8, 32u8, 52u8, 50u8] }

-- ==
-- entry: caesar
-- input { 3u8 [65u8, 116u8, 116u8, 97u8, 99u8, 107u8, 32u8, 97u8, 116u8, 32u8, 68u8, 97u8, 119u8, 110u8, 44u8, 32u8, 120u8, 121u8, 122u8, 33u8] }
-- output { [68u8, 119u8, 119u8, 100u8, 102u8, 110u8, 32u8, 100u8, 119u8, 32u8, 71u8, 100u8, 122u8, 113u8, 44u8, 32u8, 97u8, 98u8, 99u8, 33u8] }
-- input { 13u8 [85u8, 114u8, 121u8, 121u8, 98u8] }
-- output { [72u8, 101u8, 108u8, 108u8, 111u8] }

-- ==
-- entry: palindrome
-- input { [65u8, 32u8, 109u8, 97u8, 110u8, 44u8, 32u8, 97u8, 32u8, 112u8, 108u8, 97u8, 110u8, 44u8, 32u8, 97u8, 32u8, 99u8, 97u8, 110u8, 97u8, 108u8, 58u8, 32u8, 80u8, 97u8, 110u8, 97u8, 109u8, 97u8] }
-- output { true }
-- input { [119u8, 101u8, 102u8, 116u8] }
-- output { false }
-- input { empty([0]u8) }
-- output { true }

def is_lower (c: u8) = c >= 'a' && c <= 'z'
def is_upper (c: u8) = c >= 'A' && c <= 'Z'
def is_space (c: u8) = c == ' '

entry word_count (s: []u8) : i32 =
  map (\i -> if !(is_space s[i]) && (i == 0 || is_space s[i-1]) then 1 else 0) (indices s)
  |> i32.sum

entry upper (s: []u8) : []u8 = map (\c -> if is_lower c then c - 32 else c) s

entry caesar (k: u8) (s: []u8) : []u8 =
  map (\c -> if is_lower c then 'a' + (c - 'a' + k) % 26
             else if is_upper c then 'A' + (c - 'A' + k) % 26
             else c) s

entry palindrome (s: []u8) : bool =
  let t = s |> filter (\c -> is_lower c || is_upper c)
            |> map (\c -> if is_upper c then c + 32 else c)
  let n = length t
  in all (\i -> t[i] == t[n - 1 - i]) (iota (n / 2))
