dnl Copyright (C) 2026 the grabrat authors
dnl SPDX-License-Identifier: GPL-3.0-or-later
# grabrat.m4: grabrat's own configure macros.

# GRABRAT_SONAME(CACHE-VAR, LIBNAME, LIBS, CFLAGS, PROLOGUE, BODY)
# Link a program made of PROLOGUE and BODY with LIBS and CFLAGS, and set
# CACHE-VAR to the shared object name (LIBNAME.so.N) it records as needed,
# for a dlopen at run time; empty if it does not link or names none.
AC_DEFUN([GRABRAT_SONAME],
[AC_CACHE_CHECK([for the soname of $2], [$1],
  [$1=
   grabrat_save_LIBS=$LIBS; grabrat_save_CFLAGS=$CFLAGS
   LIBS="$3 $LIBS"; CFLAGS="$CFLAGS $4"
   AC_LINK_IFELSE([AC_LANG_PROGRAM([$5], [$6])],
     [$1=`(readelf -d conftest$EXEEXT || objdump -p conftest$EXEEXT) \
            2>/dev/null |
          sed -n 's/.*NEEDED.*\($2\.so[[.0-9]]*\).*/\1/p' | sed 1q`])
   LIBS=$grabrat_save_LIBS; CFLAGS=$grabrat_save_CFLAGS])])
