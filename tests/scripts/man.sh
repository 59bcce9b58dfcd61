#!/bin/sh
# man.sh — the manual pages (`weft man`, src/driver/man.c) say what --help says:
#   1. `weft man --list` names weft and weft-COMMAND for every command `weft --help` lists;
#   2. each command's page has its NAME line, its synopsis, and every option line of
#      `weft COMMAND --help` with its whole description (words compared, roff's escapes and
#      line filling undone), so a page cannot drift from its help; weft(1) lists every command;
#   3. the pages are clean for `mandoc -Tlint` and `lexgrog`, and `man -l` renders them without
#      a warning (each skipped with a notice when the tool is absent; Debian: apt-get install
#      mandoc man-db);
#   4. --date sets the page's date (else today's); an unknown page or option is an error.
. "$(dirname "$0")/lib.sh"

# plain FILE: a page's text as words on one line (escapes and font changes removed, requests
# dropped but for their arguments)
plain() {
    sed -e 's/\\f[BIR]//g' -e 's/\\&//g' -e 's/\\-/-/g' -e 's/\\e/\\/g' -e '/^\.\\"/d' \
        -e 's/^\.[A-Z][A-Z]* *//' -e 's/^\.[a-z][a-z]*$//' "$1" | tr '\n' ' ' | tr -s ' '
}
# words TEXT: TEXT with its runs of spaces squeezed
words() { printf '%s' "$1" | tr -s ' '; }
# contains FILE TEXT: the page text FILE contains TEXT
contains() { grep -qF -- "$(words "$2")" "$1"; }

"$WEFT" --help > "$T/help" || fail "weft --help"
commands=$(sed -n 's/^  weft \([a-z]*\).*/\1/p' "$T/help")
[ -n "$commands" ] && pass || fail "weft --help lists no command"
"$WEFT" man --list > "$T/list" && pass || fail "weft man --list: exit status $?"
{ echo weft; for c in $commands; do echo "weft-$c"; done; } | cmp -s - "$T/list" && pass ||
    fail "weft man --list is not weft and weft-COMMAND for each command of weft --help: $(tr '\n' ' ' < "$T/list")"

for page in $(cat "$T/list"); do
    "$WEFT" man "$page" > "$T/$page.1" 2> "$T/err" && [ -s "$T/$page.1" ] && pass ||
        fail "weft man $page: $(cat "$T/err")"
    plain "$T/$page.1" > "$T/$page.txt"
    ! grep -qF '(1), README.md' "$T/$page.txt" && pass || fail "$page: SEE ALSO ends with a comma"
done

for c in $commands; do
    page=$T/weft-$c.txt
    "$WEFT" "$c" --help > "$T/$c.help"
    synopsis=$(head -n 1 "$T/$c.help" | sed 's/^usage: weft //')
    what=$(sed -n 2p "$T/$c.help")
    contains "$page" "NAME weft-$c - $what" && pass || fail "weft-$c(1): no NAME line 'weft-$c - $what'"
    contains "$page" "SYNOPSIS weft $synopsis" && pass || fail "weft-$c(1): no synopsis 'weft $synopsis'"
    contains "$T/weft.txt" "weft $synopsis" && pass || fail "weft(1) does not list 'weft $synopsis'"
    # every option line (spec and description, with its continuation lines) of the help
    awk 'NR > 2 && /^  [^ ]/ { if (o != "") print o; o = $0; next }
         NR > 2 { o = o " " $0 }
         END { if (o != "") print o }' "$T/$c.help" > "$T/$c.options"
    while IFS= read -r option; do
        spec=$(printf '%s\n' "$option" | sed -E 's/^  //; s/  +.*//')
        description=$(printf '%s\n' "$option" | sed -E 's/^  [^ ]+( [^ ]+)*  +//')
        contains "$page" "$spec $description" && pass ||
            fail "weft-$c(1) lacks its --help's option '$spec' or its description '$description'"
    done < "$T/$c.options"
    [ -s "$T/$c.options" ] || [ "$c" = check ] || fail "weft $c --help has no option lines (the parse above is stale?)"
done

if command -v mandoc > /dev/null 2>&1; then
    mandoc -Tlint "$T"/*.1 > "$T/lint" 2>&1 && pass || fail "mandoc -Tlint: $(head -n 5 "$T/lint")"
else
    echo "man: no mandoc, its lint skipped (Debian: apt-get install mandoc)"
fi
if command -v lexgrog > /dev/null 2>&1; then
    for page in $(cat "$T/list"); do
        lexgrog "$T/$page.1" > "$T/lex" 2>&1 && grep -qF "\"$page - " "$T/lex" && pass ||
            fail "lexgrog $page.1: $(cat "$T/lex")"
    done
else
    echo "man: no lexgrog, skipped (Debian: apt-get install man-db)"
fi
if command -v man > /dev/null 2>&1 && man --help 2>&1 | grep -q -- --warnings; then
    for page in $(cat "$T/list"); do
        LANG=C.UTF-8 MANWIDTH=80 man --warnings -l "$T/$page.1" > "$T/out" 2> "$T/warn"
        [ -s "$T/out" ] && [ ! -s "$T/warn" ] && pass || fail "man -l $page.1: $(head -n 3 "$T/warn")"
    done
else
    echo "man: no man-db's man, rendering skipped"
fi

"$WEFT" man --date=2001-02-03 weft-run | grep -qx '\.TH WEFT-RUN 1 2001-02-03 weft "weft manual"' && pass ||
    fail "weft man --date=2001-02-03: not the page's date"
"$WEFT" man run | grep -qE '^\.TH WEFT-RUN 1 [0-9]{4}-[0-9]{2}-[0-9]{2} weft ' && pass ||
    fail "weft man run: no date of the form YYYY-MM-DD"
"$WEFT" man no-such-page > /dev/null 2> "$T/err"
[ $? = 1 ] && grep -qF "no page 'no-such-page'" "$T/err" && pass || fail "weft man no-such-page: $(cat "$T/err")"
"$WEFT" man --no-such-option weft > /dev/null 2> "$T/err"
[ $? = 1 ] && grep -qF "unknown option '--no-such-option'" "$T/err" && pass || fail "weft man --no-such-option: $(cat "$T/err")"
summary
