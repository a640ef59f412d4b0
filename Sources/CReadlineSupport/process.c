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

// The guard: a process forked at the first check command that holds the commands' process groups and kills them
// when this process ends, however it ends (kill -9 too): PR_SET_PDEATHSIG reaches only the shell, not what the shell
// started (`sleep 43; exit 0`: the sleep). Each command sends its group id down the pipe before it runs (from the
// child, between vfork and execve, so no command runs unheld); the caller sends the id negated once it has killed
// the group (sb_guard_release), before it reaps the group's leader, so that no id the guard holds can have been
// given to another process. When the pipe's write end closes (this process is gone), the guard kills every group it
// still holds and exits.
static int guard_fd = -1;
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
#define GUARD_CAPACITY 8192

// The guard's side: only system calls (it is forked from a process with threads).
__attribute__((noreturn)) static void run_guard(int fd) {
    static pid_t held[GUARD_CAPACITY];
    int count = 0;
    while (1) {
        pid_t message;
        ssize_t n = read(fd, &message, sizeof message);
        if (n < 0 && errno == EINTR) continue;
        if (n != (ssize_t)sizeof message) break;   // the end: every writer is gone
        if (message > 0) {
            if (count < GUARD_CAPACITY) held[count++] = message;
        } else {
            for (int k = 0; k < count; k++) {
                if (held[k] == -message) {
                    held[k] = held[--count];
                    break;
                }
            }
        }
    }
    for (int k = 0; k < count; k++) kill(-held[k], SIGKILL);
    _exit(0);
}

// Starts the guard (with guard_lock held); leaves guard_fd at -1 when it cannot.
static void start_guard(void) {
    int fds[2];
    if (sb_pipe_cloexec(fds) != 0) return;
    long limit = sysconf(_SC_OPEN_MAX);
    if (limit < 0 || limit > 65536) limit = 65536;
    sigset_t all, saved;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &saved);
    pid_t child = fork();
    if (child == 0) {
        // Nothing of this process's stays open in the guard but its end of the pipe (a pipe the guard held would
        // never report its end to a reader), it takes no terminal signal (a group of its own; hang-ups ignored),
        // and no handler of this process runs in it.
        for (int fd = 0; fd < limit; fd++) {
            if (fd != fds[0]) close(fd);
        }
        setpgid(0, 0);
        for (int signal = 1; signal < NSIG; signal++) {
            if (signal == SIGKILL || signal == SIGSTOP) continue;
            struct sigaction action = {0};
            int quiet = signal == SIGINT || signal == SIGQUIT || signal == SIGHUP || signal == SIGTSTP
                || signal == SIGTTIN || signal == SIGTTOU || signal == SIGPIPE || signal == SIGWINCH;
            action.sa_handler = quiet ? SIG_IGN : SIG_DFL;
            sigemptyset(&action.sa_mask);
            sigaction(signal, &action, NULL);
        }
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        run_guard(fds[0]);
    }
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    close(fds[0]);
    if (child < 0) {
        close(fds[1]);
        return;
    }
    guard_fd = fds[1];
}

/// Tells the guard a group it holds has been killed (see above).
void sb_guard_release(int group) {
    if (guard_fd < 0 || group <= 0) return;
    pid_t message = -group;
    while (write(guard_fd, &message, sizeof message) < 0 && errno == EINTR) {}
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
    if (guard_fd >= 0) {
        pid_t group = getpid();
        while (write(guard_fd, &group, sizeof group) < 0 && errno == EINTR) {}
    }
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
    pthread_mutex_lock(&guard_lock);
    if (guard_fd < 0) start_guard();
    pthread_mutex_unlock(&guard_lock);
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
