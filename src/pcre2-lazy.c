/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-lazy.c: the PCRE2 functions grabrat calls, loaded on first use.

   The binary does not link libpcre2-8: loading it at every start costs
   'rat /dev/null' and 'sort /dev/null' about 3 to 5% against GNU cat and
   sort (bench/startup.sh, 2026-11-30: rat 2.403 s, the same binary with
   PCRE2 linked statically 2.332 s, GNU cat 2.327 s for 2000 runs), and
   only grab and rat's colour rules need it.  This file defines the PCRE2
   API functions the code uses, with their real names and pcre2.h's
   prototypes (so the compiler checks them); the first call of any of
   them dlopen()s PCRE2_SONAME once (pthread_once) and every call then
   goes through the function found there.  The table is written only
   inside that once-only initialisation, so threads share it read-only.

   When the library cannot be loaded, the applet cannot work at all: say
   so and exit with status 127, as the dynamic loader would have done at
   exec time.  tests/toolbox/needed-libs.sh checks that the binary does
   not need libpcre2-8 and that rat maps it only with a colour rule.  */

#include <config.h>

#include <pthread.h>
#include <stdlib.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "error.h"

#include "io/dlsyms.h"

/* X (RET, NAME, PARAMS, ARGS) for each function that returns a value,
   V (NAME, PARAMS, ARGS) for each void one, and L (RET, NAME, PARAMS,
   ARGS) for the matching functions, which run once per line or buffer
   and are only ever called with objects the library made: the library
   is loaded by then, so they skip the pthread_once.  Whoever made the
   object handed it to the calling thread through a lock or at thread
   creation, which makes the loaded table visible there too.  Measured:
   'grab -n 1 -c "\A\s+\w"' on bench/corpus.sh's big.txt, matched line
   by line, took 1.204 s without the pthread_once and 1.262 s with it
   (bench/lib.sh race, ROUNDS=7, 2026-11-30).  */
#define PCRE2_LAZY_FUNCTIONS(X, V, L)                                       \
  X (pcre2_code *, pcre2_compile,                                           \
     (PCRE2_SPTR p, PCRE2_SIZE n, uint32_t o, int *e, PCRE2_SIZE *eo,       \
      pcre2_compile_context *c), (p, n, o, e, eo, c))                       \
  V (pcre2_code_free, (pcre2_code *c), (c))                                 \
  X (pcre2_compile_context *, pcre2_compile_context_create,                 \
     (pcre2_general_context *g), (g))                                       \
  V (pcre2_compile_context_free, (pcre2_compile_context *c), (c))           \
  X (int, pcre2_set_character_tables,                                       \
     (pcre2_compile_context *c, uint8_t const *t), (c, t))                  \
  X (int, pcre2_set_compile_extra_options,                                  \
     (pcre2_compile_context *c, uint32_t o), (c, o))                        \
  X (int, pcre2_config, (uint32_t w, void *r), (w, r))                      \
  X (int, pcre2_get_error_message,                                          \
     (int e, PCRE2_UCHAR *b, PCRE2_SIZE n), (e, b, n))                      \
  X (int, pcre2_pattern_info,                                               \
     (pcre2_code const *c, uint32_t w, void *r), (c, w, r))                 \
  X (int, pcre2_jit_compile, (pcre2_code *c, uint32_t o), (c, o))           \
  L (int, pcre2_match,                                                      \
     (pcre2_code const *c, PCRE2_SPTR s, PCRE2_SIZE n, PCRE2_SIZE st,       \
      uint32_t o, pcre2_match_data *m, pcre2_match_context *x),             \
     (c, s, n, st, o, m, x))                                                \
  L (int, pcre2_jit_match,                                                  \
     (pcre2_code const *c, PCRE2_SPTR s, PCRE2_SIZE n, PCRE2_SIZE st,       \
      uint32_t o, pcre2_match_data *m, pcre2_match_context *x),             \
     (c, s, n, st, o, m, x))                                                \
  X (pcre2_jit_stack *, pcre2_jit_stack_create,                             \
     (PCRE2_SIZE a, PCRE2_SIZE b, pcre2_general_context *g), (a, b, g))     \
  V (pcre2_jit_stack_assign,                                                \
     (pcre2_match_context *x, pcre2_jit_callback f, void *d), (x, f, d))    \
  V (pcre2_jit_stack_free, (pcre2_jit_stack *s), (s))                       \
  X (uint8_t const *, pcre2_maketables, (pcre2_general_context *g), (g))    \
  V (pcre2_maketables_free,                                                 \
     (pcre2_general_context *g, uint8_t const *t), (g, t))                  \
  X (pcre2_match_context *, pcre2_match_context_create,                     \
     (pcre2_general_context *g), (g))                                       \
  V (pcre2_match_context_free, (pcre2_match_context *x), (x))               \
  X (int, pcre2_set_depth_limit,                                            \
     (pcre2_match_context *x, uint32_t l), (x, l))                          \
  X (pcre2_match_data *, pcre2_match_data_create,                           \
     (uint32_t n, pcre2_general_context *g), (n, g))                        \
  X (pcre2_match_data *, pcre2_match_data_create_from_pattern,              \
     (pcre2_code const *c, pcre2_general_context *g), (c, g))               \
  V (pcre2_match_data_free, (pcre2_match_data *m), (m))                     \
  L (PCRE2_SIZE *, pcre2_get_ovector_pointer, (pcre2_match_data *m), (m)) \
  L (PCRE2_SPTR, pcre2_get_mark, (pcre2_match_data *m), (m))

/* The functions found in the library.  */
#define FIELD(ret, name, params, args) ret (*name) params;
#define VFIELD(name, params, args) void (*name) params;
static struct
{
  PCRE2_LAZY_FUNCTIONS (FIELD, VFIELD, FIELD)
} api;

/* pcre2.h maps each generic name to its _8 symbol with a macro; the
   strings below must be the symbols, hence the two-level stringizing.  */
#define SYMBOL_NAME(name) SYMBOL_NAME_1 (name)
#define SYMBOL_NAME_1(name) #name

static pthread_once_t api_once = PTHREAD_ONCE_INIT;

static void
load_api (void)
{
#define WANT(name) { SYMBOL_NAME (name), (void **) &api.name },
#define WANT_X(ret, name, params, args) WANT (name)
#define WANT_V(name, params, args) WANT (name)
  static struct dlsym_want const want[] = {
    PCRE2_LAZY_FUNCTIONS (WANT_X, WANT_V, WANT_X)
  };
  void *handle;
  char const *err = dlsyms_load (PCRE2_SONAME, want,
                                 sizeof want / sizeof *want, &handle);
  if (err)
    error (127, 0, "cannot load %s: %s", PCRE2_SONAME, err);
}

#define DEFINE(ret, name, params, args)           \
  ret name params                                 \
  {                                               \
    pthread_once (&api_once, load_api);           \
    return api.name args;                         \
  }
#define VDEFINE(name, params, args)               \
  void name params                                \
  {                                               \
    pthread_once (&api_once, load_api);           \
    api.name args;                                \
  }
#define LDEFINE(ret, name, params, args)          \
  ret name params                                 \
  {                                               \
    return api.name args;                         \
  }
PCRE2_LAZY_FUNCTIONS (DEFINE, VDEFINE, LDEFINE)
