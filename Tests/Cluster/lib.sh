# Shared by the cluster tests (sourced): the quire binary, a work folder, the book libraries, the reference
# run and the result lines that Tests/Cluster/run counts ("PASS name", "FAIL name: why", "SKIP name: why").

cluster_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cluster_here="$cluster_root/Tests/Cluster"
cluster_failed=0

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; cluster_failed=1; }
skip() { echo "SKIP $1: $2"; }

# The binary (QUIRE_BIN, else the debug build) on PATH as `quire`, so the recipes run as the README writes them.
cluster_quire() {
    local bin=${QUIRE_BIN:-$cluster_root/.build/debug/quire}
    [ -x "$bin" ] || { echo "cluster: quire binary not found at $bin (build first, or set QUIRE_BIN)" >&2; return 1; }
    mkdir -p "$1/bin" && ln -sf "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "$1/bin/quire"
    export PATH="$1/bin:$PATH"
}

# The recipe library: real books when QUIRE_CORPUS is set (links to a few small and middling EPUBs and
# Markdown files of several scripts and directions, so a run stays within seconds), the bundled samples
# (unpacked EPUB folders, copied: batch does not follow links to folders) and generated Markdown books.
make_library() {
    local library=$1 name
    mkdir -p "$library/corpus" "$library/samples" "$library/generated"
    if [ -n "${QUIRE_CORPUS:-}" ]; then
        for name in epub/haruko-jpeg.epub epub/cc-shared-culture.epub epub/sous-le-vent.epub epub/internallinks.epub \
                    epub/regime-anticancer-arabic.epub epub/kusamakura-preview.epub epub/page-blanche.epub \
                    epub/hefty-water.epub epub/cole-voyage-of-life.epub markdown/rtl/fa-react-dev-thinking-in-react.md; do
            [ -f "$QUIRE_CORPUS/$name" ] || { echo "cluster: $QUIRE_CORPUS/$name is missing" >&2; return 1; }
            ln -s "$QUIRE_CORPUS/$name" "$library/corpus/$(basename "$name")"
        done
    fi
    cp -R "$cluster_root/Samples/." "$library/samples/"
    python3 "$cluster_here/makebooks.py" "$library/generated" book 6 8 40
}

# A local, unsharded run: what every sharded run must equal, file for file.
reference_run() {
    quire batch "$1" -o "$2" --quiet || { echo "cluster: the reference run over $1 failed" >&2; return 1; }
}

# The book folders of two output roots are the same, byte for byte (the manifests differ in order and times).
same_books() {
    diff -r --exclude=manifest.jsonl "$1" "$2" >"$3" 2>&1
}

# No temporary (.tmp.*) or set-aside (.old.*) folders left in an output root.
no_leftovers() {
    local left
    left=$(find "$1" -maxdepth 1 \( -name '.tmp.*' -o -name '.old.*' \) -printf '%f ' 2>/dev/null)
    [ -z "$left" ] || { echo "left behind in $1: $left"; return 1; }
}
