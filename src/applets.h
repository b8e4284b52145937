/* applets.h: the one list of grabrat's applets.
   Each APPLET (NAME, SUMMARY) line is expanded by the includer: grabrat.c
   builds the dispatch table, --list and --help from it, and the build's
   install links come from 'grabrat --list' (tests check they agree).
   Add an applet here, write NAME_main in src/applets/NAME/, and nothing
   else.  */

APPLET (grab, "print lines that match a Perl regular expression, in parallel")
APPLET (rat, "concatenate files to standard output, zero-copy when it can")
APPLET (sort, "sort lines of text files (GNU-compatible, fast -R)")
