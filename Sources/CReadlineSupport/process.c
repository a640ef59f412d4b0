// SPDX-License-Identifier: GPL-3.0-or-later
// Process helpers for check commands (SwitchboardTerminal/CheckProcess.swift) that Swift cannot reach:
// prctl, pipe2 and vfork are not visible through Glibc's module map, and a child that must die with its parent
// has to call prctl between the fork and the exec, which posix_spawn cannot do. Linux calls; on macOS each has
// the counterpart written next to it (see the Portability article).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include "readline_support.h"

#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>

int sb_set_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

int sb_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int sb_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

#else
// macOS: no subreaper (a killed check command's orphans are reaped by launchd), no pidfd (callers poll with
// waitpid(WNOHANG)), and no pipe2: pipe, then FD_CLOEXEC on both ends. Check commands are spawned with
// POSIX_SPAWN_CLOEXEC_DEFAULT there (Platform.swift), so a pipe end not yet marked cannot leak into one.

int sb_set_child_subreaper(void) {
    errno = ENOSYS;
    return -1;
}

int sb_pipe_cloexec(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    return 0;
}

int sb_pidfd_open(int pid) {
    (void)pid;
    errno = ENOSYS;
    return -1;
}
#endif

// On macOS there is no PR_SET_PDEATHSIG: a command outlives a switchboard killed with SIGKILL there.
// Signals the command gets at their default action even when this process ignores them (a shell started by a
// program that ignores SIGPIPE or SIGINT would pass that on to every command it runs).
static const int default_signals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU,
                                      SIGCHLD, SIGWINCH};

static int is_default_signal(int signal) {
    for (size_t k = 0; k < sizeof default_signals / sizeof default_signals[0]; k++) {
        if (default_signals[k] == signal) return 1;
    }
    return 0;
}

// The child's side, between vfork and execve. It shares this process's memory until the exec, so it calls only
// system calls (no allocation, no locks), and every signal stays blocked until no handler of this process is left
// in it: a handler run in the child would run on the parent's memory.
__attribute__((noreturn)) static void become_command(pid_t parent, const char *path, char *const argv[], char *const envp[],
                           const int fds[3], volatile int *failure) {
    for (int signal = 1; signal < NSIG; signal++) {
        struct sigaction current;
        if (signal == SIGKILL || signal == SIGSTOP || sigaction(signal, NULL, &current) != 0) continue;
        int ignored = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
        int atDefault = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL;
        if (atDefault || (ignored && !is_default_signal(signal))) continue;
        struct sigaction fallback = {0};
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        sigaction(signal, &fallback, NULL);
    }
    if (setpgid(0, 0) != 0) goto fail;
    // A source descriptor that is itself 0, 1 or 2 is moved out of the way first, so that no dup2 overwrites
    // another's source.
    int sources[3];
    for (int k = 0; k < 3; k++) {
        sources[k] = fds[k] < 3 ? fcntl(fds[k], F_DUPFD_CLOEXEC, 3) : fds[k];
        if (sources[k] < 0) goto fail;
    }
    for (int k = 0; k < 3; k++) {
        if (dup2(sources[k], k) < 0) goto fail;
    }
    // Killed when the thread that started it ends (with it, this whole process, even by SIGKILL). If that
    // happened before the prctl, the child has been handed to another parent already: it must not run.
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) goto fail;
#endif
    if (getppid() != parent) _exit(127);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(path, argv, envp);
fail:
    *failure = errno ? errno : EINVAL;
    _exit(127);
}

int sb_spawn_command(const char *path, char *const argv[], char *const envp[], const int fds[3], int *pid) {
    sigset_t all, saved;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &saved);
    volatile int failure = 0;
    pid_t parent = getpid();
    int saved_errno = errno;
    pid_t child = vfork();
    if (child == 0) become_command(parent, path, argv, envp, fds, &failure);
    int result = 0;
    if (child < 0) {
        result = errno;
    } else if (failure != 0) {
        // It ran no program: reap it here, its pid was never handed out.
        result = failure;
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    } else {
        *pid = child;
    }
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    errno = saved_errno;
    return result;
}
