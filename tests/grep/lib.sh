# tests/grep/lib.sh: sourced by the grep tests after init.sh.  Makes
# gnu/grep (the system's GNU grep) and ours/grep (a link to grabrat), so
# that both run as 'grep' from PATH and their messages name the same
# program.
ref=/usr/bin/grep
test -x "$ref" || ref=/bin/grep
mkdir gnu ours || framework_failure_
ln -s "$ref" gnu/grep || framework_failure_
ln -s "$abs_top_builddir/src/grabrat" ours/grep || framework_failure_
