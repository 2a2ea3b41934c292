package main

import (
	"errors"
	"fmt"
	"net"
	"syscall"
)

// listen binds addr, the value of the environment variable name. When another program
// holds the port, the error says so and which variable moves the listener.
func listen(name, addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("%s: %s is taken by another program: stop it, or set %s to a free address (e.g. %s=%s): %w",
			name, addr, name, name, freeExample(addr), err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s=%s: %w", name, addr, err)
	}
	return ln, nil
}

// freeExample is addr on a port the system says is free now, as an example to give.
func freeExample(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "127.0.0.1:0"
	}
	probe := host
	if probe == "" {
		probe = "127.0.0.1"
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(probe, "0"))
	if err != nil {
		return net.JoinHostPort(host, "0")
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return net.JoinHostPort(host, port)
}
