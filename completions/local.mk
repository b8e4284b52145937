## Copyright (C) 2026 the grabrat authors
## SPDX-License-Identifier: GPL-3.0-or-later
## completions/local.mk: bash, zsh and fish completions for grabrat, grab
## and rat (the drop-in names grep, cat and sort keep the system's).
## completions/gen.sh makes them at build time from the binary just
## built (its getopt tables, --list and --help), so they cannot drift
## from it and a tarball needs nothing more than sh, sed and awk.
## make install puts them where each shell looks, renamed by $(transform)
## as the programs are: bash-completion loads a command's completion from
## a file named after it, fish from COMMAND.fish, zsh from a function
## file whose '#compdef' line names the commands.
## tests/toolbox/completions.sh runs them.

completion_scripts = completions/grabrat.bash completions/_grabrat \
  completions/grabrat.fish completions/grab.fish completions/rat.fish
all-local: $(completion_scripts)
CLEANFILES += $(completion_scripts)
EXTRA_DIST += completions/gen.sh

# bashcompletiondir comes from configure (pkg-config's bash-completion).
zshcompletiondir = $(datadir)/zsh/site-functions
fishcompletiondir = $(datadir)/fish/vendor_completions.d

completion_gen = $(SHELL) $(srcdir)/completions/gen.sh
completion_deps = $(srcdir)/completions/gen.sh src/grabrat$(EXEEXT)
completions/grabrat.bash: $(completion_deps)
	$(AM_V_GEN)$(MKDIR_P) completions \
	  && $(completion_gen) bash src/grabrat$(EXEEXT) >$@-t && mv -f $@-t $@
completions/_grabrat: $(completion_deps)
	$(AM_V_GEN)$(MKDIR_P) completions \
	  && $(completion_gen) zsh src/grabrat$(EXEEXT) >$@-t && mv -f $@-t $@
completions/grabrat.fish: $(completion_deps)
	$(AM_V_GEN)$(MKDIR_P) completions \
	  && $(completion_gen) fish src/grabrat$(EXEEXT) grabrat >$@-t \
	  && mv -f $@-t $@
completions/grab.fish: $(completion_deps)
	$(AM_V_GEN)$(MKDIR_P) completions \
	  && $(completion_gen) fish src/grabrat$(EXEEXT) grab >$@-t \
	  && mv -f $@-t $@
completions/rat.fish: $(completion_deps)
	$(AM_V_GEN)$(MKDIR_P) completions \
	  && $(completion_gen) fish src/grabrat$(EXEEXT) rat >$@-t \
	  && mv -f $@-t $@

# The installed names: NAME as $(transform) renames it.  bash: one file
# (COMMAND, for bash-completion's loader) for grabrat, and links to it
# named grab and rat; zsh: _GRABRAT, with 'COMMAND=grab' on its #compdef
# line; fish: one COMMAND.fish each.  Only the lines that register the
# completions name the commands (completions/gen.sh).
completion_names = \
  t_grabrat=`$(transform_name) grabrat '$(transform)'` \
  && t_grab=`$(transform_name) grab '$(transform)'` \
  && t_rat=`$(transform_name) rat '$(transform)'`
install-data-local: install-completions
# The renamed copies are made in a file of the shell's own (several
# installs may run at once from one build tree: the tests do).
install-completions: $(completion_scripts)
	@$(completion_names) \
	&& tmp=completions/inst-$$$$-t \
	&& bdir='$(DESTDIR)$(bashcompletiondir)' \
	&& zdir='$(DESTDIR)$(zshcompletiondir)' \
	&& fdir='$(DESTDIR)$(fishcompletiondir)' \
	&& $(MKDIR_P) "$$bdir" "$$zdir" "$$fdir" \
	&& sed -e "s|^complete -F _grabrat grabrat\$$|complete -F _grabrat $$t_grabrat|" \
	  -e "s|^complete -F _grabrat_grab grab\$$|complete -F _grabrat_grab $$t_grab|" \
	  -e "s|^complete -F _grabrat_rat rat\$$|complete -F _grabrat_rat $$t_rat|" \
	  completions/grabrat.bash >$$tmp \
	&& echo " $(INSTALL_DATA) completions/grabrat.bash '$$bdir/$$t_grabrat'" \
	&& $(INSTALL_DATA) $$tmp "$$bdir/$$t_grabrat" \
	&& for t in "$$t_grab" "$$t_rat"; do \
	  echo " $(LN_S) $$t_grabrat '$$bdir/$$t'"; \
	  (cd "$$bdir" && rm -f "$$t" && $(LN_S) "$$t_grabrat" "$$t") || exit; \
	done \
	&& sed -e "1s|.*|#compdef $$t_grabrat=grabrat $$t_grab=grab $$t_rat=rat|" \
	  completions/_grabrat >$$tmp \
	&& echo " $(INSTALL_DATA) completions/_grabrat '$$zdir/_$$t_grabrat'" \
	&& $(INSTALL_DATA) $$tmp "$$zdir/_$$t_grabrat" \
	&& for c in grabrat grab rat; do \
	  eval t=\$$t_$$c; \
	  sed -e "s|^complete -c $$c |complete -c $$t |" \
	    completions/$$c.fish >$$tmp || exit; \
	  echo " $(INSTALL_DATA) completions/$$c.fish '$$fdir/$$t.fish'"; \
	  $(INSTALL_DATA) $$tmp "$$fdir/$$t.fish" || exit; \
	done \
	&& rm -f $$tmp
uninstall-local: uninstall-completions
uninstall-completions:
	@$(completion_names) \
	&& for f in '$(DESTDIR)$(bashcompletiondir)'/"$$t_grabrat" \
	  '$(DESTDIR)$(bashcompletiondir)'/"$$t_grab" \
	  '$(DESTDIR)$(bashcompletiondir)'/"$$t_rat" \
	  '$(DESTDIR)$(zshcompletiondir)'/_"$$t_grabrat" \
	  '$(DESTDIR)$(fishcompletiondir)'/"$$t_grabrat".fish \
	  '$(DESTDIR)$(fishcompletiondir)'/"$$t_grab".fish \
	  '$(DESTDIR)$(fishcompletiondir)'/"$$t_rat".fish; do \
	  echo " rm -f '$$f'"; rm -f "$$f"; \
	done
.PHONY: install-completions uninstall-completions
MOSTLYCLEANFILES += completions/inst-*-t
