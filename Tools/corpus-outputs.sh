#!/usr/bin/env bash
# Renders every corpus book with several option sets into OUT, so that a refactor can be checked byte for byte:
#   Tools/corpus-outputs.sh BIN OUT [CORPUS]   (then: diff -r OUT-before OUT-after, or cmp file by file)
# Each book gets text (default, several layouts, visual bidi order), JSON, an HTML site and `quire info`. Exit
# codes and stderr are kept too, because a refactor must not change what a user sees on either stream.
set -euo pipefail
bin=$(realpath "$1"); out=$2; corpus=${3:-$(dirname "$0")/../../shared/corpus}
corpus=$(realpath "$corpus")
mkdir -p "$out"
one() {
    local bin=$1 out=$2 book=$3 name
    name=${book#"$CORPUS_ROOT"/}; name=${name//\//_}
    local dir="$out/$name"; mkdir -p "$dir"
    run() { # tag, args...
        local tag=$1; shift
        set +e
        "$bin" render "$book" "$@" >"$dir/$tag.out" 2>"$dir/$tag.err"
        echo $? >"$dir/$tag.rc"
        set -e
    }
    run text
    run text-small --page 20x10 --widows 1 --orphans 3 --align justify --paragraph indent
    run text-vertical --writing-mode vertical --direction rtl --page 30x16 --ruby aozora --hanging-punctuation
    run text-spreads --orientation landscape --spine mid --first-page paired --gap 2 --continuous --ambiguous wide
    run text-bidi --bidi visual --page 50x20
    run json --format json
    run json-vertical --format json --writing-mode vertical --axis vertical --single-sided
    run html --format html -o "$dir/site"
    run html-scroll --format html --transition scroll --single-file -o "$dir/scroll"
    set +e
    "$bin" info "$book" >"$dir/info.out" 2>"$dir/info.err"
    echo $? >"$dir/info.rc"
    set -e
}
export -f one
export CORPUS_ROOT=$corpus
find "$corpus" -type f \( -name '*.epub' -o -name '*.md' \) -print0 |
    sort -z | xargs -0 -n1 -P"$(nproc)" bash -c 'one "$0" "$1" "$2"' "$bin" "$out"
echo "corpus-outputs: $(find "$out" -type f | wc -l) files in $out"
