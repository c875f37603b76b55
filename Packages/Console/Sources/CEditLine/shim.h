#ifndef KITH_CEDITLINE_SHIM_H
#define KITH_CEDITLINE_SHIM_H
#include <stdio.h>
#include <editline/readline.h>

/* Swift 6 refuses to touch C globals directly (shared mutable state); these wrappers are the only access. */

static inline void kith_editline_setup(rl_completion_func_t *complete) {
    /* libedit's own SIGINT handler re-raises the signal to the whole process group; kith notes Ctrl-C itself. */
    rl_catch_signals = 0;
    rl_readline_name = "kith";
    rl_attempted_completion_function = complete;
    using_history();
    stifle_history(1000);
}

static inline void kith_editline_completion_over(void) { rl_attempted_completion_over = 1; }

static inline const char *kith_editline_line_buffer(void) { return rl_line_buffer; }

#endif
