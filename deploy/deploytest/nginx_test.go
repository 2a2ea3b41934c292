//go:build deploy

package deploytest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNginxConfigs checks both balancer configs with `nginx -t`: the one `make
// cluster` renders and the one compose.yaml mounts, and that they share the
// SSE-friendly, non-sticky proxy rules.
func TestNginxConfigs(t *testing.T) {
	nginx := tool(t, "nginx", "make test-deploy installs Debian's nginx")
	root := repoRoot(t)

	t.Run("cluster", func(t *testing.T) {
		dir := t.TempDir()
		cmd := []string{"env", "CLUSTER_DIR=" + dir, "CLUSTER_LISTEN=127.0.0.1:1", "CLUSTER_REPLICAS=127.0.0.1:2 127.0.0.1:3",
			"bash", "deploy/cluster/cluster.sh", "render"}
		out := run(t, cmd[0], cmd[1:]...)
		conf, err := os.ReadFile(strings.TrimSpace(out))
		if err != nil {
			t.Fatal(err)
		}
		text := string(conf)
		for _, must := range []string{"server 127.0.0.1:2 ", "server 127.0.0.1:3 ", "listen 127.0.0.1:1;",
			"include " + filepath.Join(root, "deploy", "nginx", "dota-proxy.conf") + ";", "pid " + dir + "/nginx.pid;"} {
			if !strings.Contains(text, must) {
				t.Errorf("rendered nginx.conf lacks %q:\n%s", must, text)
			}
		}
		if strings.Contains(text, "@") {
			t.Errorf("a placeholder was left in the rendered config:\n%s", text)
		}
	})

	t.Run("compose", func(t *testing.T) {
		// compose.conf names the replicas by their Compose host names and the shared
		// file by its path in the container: point both at this machine.
		b, err := os.ReadFile(filepath.Join(root, "deploy", "nginx", "compose.conf"))
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		conf := regexp.MustCompile(`server dota-(\d):8080`).ReplaceAllString(string(b), "server 127.0.0.1:1808$1")
		conf = strings.ReplaceAll(conf, "/etc/nginx/dota/dota-proxy.conf", filepath.Join(root, "deploy", "nginx", "dota-proxy.conf"))
		conf = strings.ReplaceAll(conf, "/var/log/nginx/", dir+"/")
		conf = strings.Replace(conf, "listen 80;", "listen 127.0.0.1:1;", 1)
		write(t, filepath.Join(dir, "default.conf"), conf)
		write(t, filepath.Join(dir, "nginx.conf"), "pid "+dir+"/nginx.pid;\nevents {}\nhttp {\n"+
			"  client_body_temp_path "+dir+"/body; proxy_temp_path "+dir+"/proxy; fastcgi_temp_path "+dir+"/fcgi;\n"+
			"  uwsgi_temp_path "+dir+"/uwsgi; scgi_temp_path "+dir+"/scgi;\n"+
			"  include "+dir+"/default.conf;\n}\n")
		run(t, nginx, "-t", "-q", "-p", dir, "-c", filepath.Join(dir, "nginx.conf"), "-e", filepath.Join(dir, "error.log"))
		if n := strings.Count(conf, "server 127.0.0.1:180"); n < 2 {
			t.Errorf("compose.conf balances %d replicas, want 2", n)
		}
	})

	t.Run("proxy rules", func(t *testing.T) {
		for _, f := range []string{"dota-proxy.conf", "compose.conf", "cluster.conf.tmpl"} {
			b, err := os.ReadFile(filepath.Join(root, "deploy", "nginx", f))
			if err != nil {
				t.Fatal(err)
			}
			code := stripComments(string(b))
			for _, sticky := range []string{"ip_hash", "hash ", "sticky", "least_conn"} {
				if strings.Contains(code, sticky) {
					t.Errorf("%s uses %q: replicas must be balanced round robin, with no stickiness", f, sticky)
				}
			}
		}
		b, err := os.ReadFile(filepath.Join(root, "deploy", "nginx", "dota-proxy.conf"))
		if err != nil {
			t.Fatal(err)
		}
		code := stripComments(string(b))
		sse := regexp.MustCompile(`(?s)location = /api/admin/events \{(.*?)\}`).FindStringSubmatch(code)
		if sse == nil {
			t.Fatal("dota-proxy.conf has no location for the console's event stream")
		}
		for _, must := range []string{"proxy_buffering off;", "proxy_read_timeout 1h;"} {
			if !strings.Contains(sse[1], must) {
				t.Errorf("the event stream's location lacks %q", must)
			}
		}
		for _, must := range []string{"proxy_http_version 1.1;", `proxy_set_header Connection "";`} {
			if !strings.Contains(code, must) {
				t.Errorf("dota-proxy.conf lacks %q", must)
			}
		}
		// A visitor's chat stream: unbuffered, and the streams one address opens at once
		// bounded at the edge, refused as the replicas refuse them.
		chat := regexp.MustCompile(`(?s)location ~ \^/api/chat/sessions/\[\^/\]\+/stream\$ \{(.*?)\}`).FindStringSubmatch(code)
		if chat == nil {
			t.Fatal("dota-proxy.conf has no location for the visitors' chat streams")
		}
		for _, must := range []string{"limit_conn dota_chat_streams ", "limit_conn_status 429;", "proxy_buffering off;"} {
			if !strings.Contains(chat[1], must) {
				t.Errorf("the chat stream's location lacks %q", must)
			}
		}
		for _, f := range []string{"compose.conf", "cluster.conf.tmpl"} {
			b, err := os.ReadFile(filepath.Join(root, "deploy", "nginx", f))
			if err != nil {
				t.Fatal(err)
			}
			code := stripComments(string(b))
			if !strings.Contains(code, "limit_conn_zone $binary_remote_addr zone=dota_chat_streams:") {
				t.Errorf("%s defines no dota_chat_streams zone for dota-proxy.conf's limit_conn", f)
			}
			// The access log keeps no credential of a path (a manage or offer token, a
			// chat session id): the request line is logged with them masked.
			if strings.Contains(code, `"$request"`) || !strings.Contains(code, "$dota_logged_uri") {
				t.Errorf("%s logs the request line as it came, credentials and all", f)
			}
		}
	})
}

func stripComments(s string) string {
	return regexp.MustCompile(`(?m)#.*$`).ReplaceAllString(s, "")
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
