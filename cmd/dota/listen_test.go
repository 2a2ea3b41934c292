package main

import (
	"net"
	"strings"
	"testing"
)

// TestListenSaysWhichVariableMovesATakenPort: a port another program holds stops the
// start with the variable to set, and an example address that is free.
func TestListenSaysWhichVariableMovesATakenPort(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	for _, name := range []string{"DOTA_ADDR", "DOTA_METRICS_ADDR"} {
		_, err := listen(name, held.Addr().String())
		if err == nil {
			t.Fatalf("%s: a taken port was bound", name)
		}
		msg := err.Error()
		if !strings.Contains(msg, "is taken") || !strings.Contains(msg, "set "+name+" to a free address") {
			t.Errorf("%s: %q does not say the port is taken and which variable moves it", name, msg)
		}
		example := msg[strings.Index(msg, name+"=127.0.0.1:")+len(name)+1:]
		example = example[:strings.Index(example, ")")]
		if ln, err := net.Listen("tcp", example); err != nil {
			t.Errorf("%s: the example %s is not free: %v", name, example, err)
		} else {
			ln.Close()
		}
	}
	if _, err := listenMetrics(held.Addr().String()); err == nil || !strings.Contains(err.Error(), "set DOTA_METRICS_ADDR") {
		t.Errorf("the metrics listener on a taken port: %v", err)
	}
	ln, err := listen("DOTA_ADDR", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("a free port: %v", err)
	}
	ln.Close()
}
