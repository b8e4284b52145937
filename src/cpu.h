/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* cpu.h: whether this processor (and its kernel) runs the vector
   instructions the engines and the line counter were built for.

   The answer comes from what glibc's loader found at start-up
   (<sys/platform/x86.h>, glibc 2.33 and later), not from CPUID, and not
   from __builtin_cpu_supports: that one links libgcc's constructor
   __cpu_indicator_init, which runs CPUID several times at every start of
   every applet, 'rat /dev/null' included, whether a vector loop runs or
   not.  In a virtual machine each CPUID traps to the hypervisor: perf
   put the constructor at 3 % of 'rat /dev/null' (2026-12-07), and
   bench/startup.sh had GNU cat's start-up at 0.87-0.90 of rat's
   (2026-12-03 to 12-07), 0.99 without the constructor.  The loader's
   table is filled anyway (glibc's own string functions are chosen from
   it), so asking it costs nothing.
   tests/rat/startup-cpuid.sh checks that no CPUID constructor is linked.

   Only for x86 with GCC or Clang, as the vector code itself.  */

#ifndef GRABRAT_CPU_H
#define GRABRAT_CPU_H

#include <stdbool.h>

#if (defined __x86_64__ || defined __i386__) && defined __GNUC__
# if defined __has_include
#  if __has_include (<sys/platform/x86.h>)
#   include <sys/platform/x86.h>
#   define GRABRAT_CPU_FROM_LOADER 1
#  endif
# endif

/* AVX2 with POPCNT (count_eol and the packed searches use both).  */
static inline bool
cpu_avx2 (void)
{
# ifdef GRABRAT_CPU_FROM_LOADER
  return CPU_FEATURE_ACTIVE (AVX2) && CPU_FEATURE_ACTIVE (POPCNT);
# else
  return __builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("popcnt");
# endif
}

static inline bool
cpu_ssse3 (void)
{
# ifdef GRABRAT_CPU_FROM_LOADER
  return CPU_FEATURE_ACTIVE (SSSE3);
# else
  return __builtin_cpu_supports ("ssse3");
# endif
}
#endif

#endif
