#!/bin/sh
# The shell completions of grabrat, grab and rat, made from the binary's own option tables, complete what the programs take: bash through the completion functions (options, an option's '=' form, applets, file names, nothing after '--', every option --help lists), fish through 'complete -C', zsh and fish scripts parse; make install puts them where each shell looks, renamed by the transform, bash-completion's loader finds them, and uninstall removes them.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
c=$abs_top_builddir/completions
for f in grabrat.bash _grabrat grabrat.fish grab.fish rat.fish; do
  test -s "$c/$f" || { echo "not built: completions/$f"; fail=1; }
done
test $fail = 0 || Exit 1

# comp_ SCRIPT WORD...: what bash completes the last WORD to, one a line,
# sorted, the completion function found by 'complete -p' as bash runs it.
cat >comp.bash <<'EOF'
. "$1" || exit 1
shift
COMP_WORDS=("$@") COMP_CWORD=$(($# - 1)) COMPREPLY=()
f=$(complete -p "$1" | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
test -n "$f" || { echo "no completion for $1" >&2; exit 1; }
"$f" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort
EOF
here=$PWD
comp_ () { bash "$here/comp.bash" "$@"; }
# expect_ 'LINES' WORD...: the completion of WORD... is exactly LINES.
expect_ ()
{
  printf '%s\n' "$1" >exp; shift
  comp_ "$c/grabrat.bash" "$@" >out 2>err || { cat err; fail=1; }
  compare exp out || { echo "completing: $*"; fail=1; }
}

if command -v bash >/dev/null; then
  expect_ '--include=' grab --inc
  expect_ '--exclude-dir=' grab --exclude-d
  expect_ '--color
--color=
--colour
--colour=' grab --col
  expect_ '--show-all' rat --show-a
  expect_ '--number
--number-nonblank' rat --numb
  expect_ '--threads=' grab --thr
  expect_ 'grab
grep' grabrat gr
  expect_ '--install' grabrat --ins
  expect_ '--include=' grabrat grab --inc
  expect_ '--timestamp
--timestamp=' rat --times
  # Operands are file names; so is everything after '--'.
  mkdir d && : >d/afile && : >d/--inc-file || framework_failure_
  expect_ 'd/afile' grab x d/af
  expect_ 'd/--inc-file' grab -- d/--inc
  (cd d && comp_ "$c/grabrat.bash" grab -- --inc) >out || fail=1
  echo --inc-file >exp
  compare exp out || fail=1
  # Every option grab's and rat's --help documents is completed (a table
  # and its help in step).
  for a in grab rat; do
    $a --help | grep -o -e '--[a-z][a-z-]*' | LC_ALL=C sort -u >help
    comp_ "$c/grabrat.bash" $a - >all0 || fail=1
    sed 's/=$//' all0 | LC_ALL=C sort -u >all
    LC_ALL=C comm -23 help all >missing
    compare /dev/null missing || { echo "$a: --help options not completed"; fail=1; }
  done
else
  echo "no bash: not running the bash completion"
fi

if command -v zsh >/dev/null; then
  zsh -n "$c/_grabrat" || { echo "zsh -n _grabrat"; fail=1; }
else
  echo "no zsh: not checking the zsh completion"
fi
if command -v fish >/dev/null; then
  for f in grabrat grab rat; do
    fish -n "$c/$f.fish" || { echo "fish -n $f.fish"; fail=1; }
  done
  # fish's own completer, from the script alone.
  HOME=$PWD XDG_CONFIG_HOME=$PWD/xdg XDG_DATA_HOME=$PWD/xdg \
    fish --no-config -c "source $c/grab.fish; complete -C 'grab --inc'" \
    >out 2>err || { cat err; fail=1; }
  cut -f1 out >first
  echo --include >exp
  compare exp first || { echo "fish: grab --inc"; fail=1; }
else
  echo "no fish: not checking the fish completion"
fi

# make install through DESTDIR with a renaming transform, every
# directory given, then the loader of bash-completion, if here.
unset MAKEFLAGS MAKELEVEL MFLAGS
dest=$PWD/dest
mk_ ()
{
  ${MAKE-make} -s -C "$abs_top_builddir" "$@" DESTDIR="$dest" \
    bindir=/bin mandir=/man transform='s,^,x,' \
    bashcompletiondir=/bc/completions zshcompletiondir=/zsh \
    fishcompletiondir=/fish >make.out 2>&1 || { cat make.out; fail=1; }
}
mk_ install
test -f "$dest/bc/completions/xgrabrat" || { echo "no bash xgrabrat"; fail=1; }
for n in xgrab xrat; do
  test "$(readlink "$dest/bc/completions/$n")" = xgrabrat \
    || { echo "bash: $n is not a link to xgrabrat"; fail=1; }
done
echo '#compdef xgrabrat=grabrat xgrab=grab xrat=rat' >exp
head -n 1 "$dest/zsh/_xgrabrat" >out
compare exp out || fail=1
for n in xgrabrat xgrab xrat; do
  test -s "$dest/fish/$n.fish" || { echo "no fish $n.fish"; fail=1; }
done
grep '^complete -c xgrab -l include -r$' "$dest/fish/xgrab.fish" >/dev/null \
  || { echo "fish: xgrab.fish does not complete xgrab"; fail=1; }
if command -v bash >/dev/null; then
  printf '%s\n' '--include=' >exp
  comp_ "$dest/bc/completions/xgrab" xgrab --inc >out || fail=1
  compare exp out || fail=1
  bc=/usr/share/bash-completion/bash_completion
  if test -f $bc; then
    BASH_COMPLETION_USER_DIR=$dest/bc bash -c '
      . "$1" && __load_completion xrat && complete -p xrat' sh $bc \
      >out 2>err || { cat err; fail=1; }
    echo 'complete -F _grabrat_rat xrat' >exp
    compare exp out || { echo "bash-completion does not load xrat's"; fail=1; }
  else
    echo "no bash-completion: not trying its loader"
  fi
fi
mk_ uninstall
find "$dest" -type f -o -type l >left
compare /dev/null left || fail=1

Exit $fail
