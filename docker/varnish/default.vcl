vcl 4.1;
# Varnish in front of the CMS (README, "Behind a CDN"). The CMS says what may be kept: anonymous
# public pages and /api/pages answers carry `Cache-Control: public, max-age=0, s-maxage=N,
# stale-while-revalidate=M` (CDN_MAX_AGE, CDN_STALE) and `Surrogate-Key`; everything else passes.
# With CDN_PURGE=varnish and CDN_PURGE_URL pointing here, the API sends `PURGE` (or `BAN`) with
# `X-Purge-Keys: k1 k2 ...` after each write, and this file bans every object filed under one of them.
#   varnishd -F -a :6081 -f /etc/varnish/default.vcl -s malloc,256m
# tools/varnish-check.mjs runs this very file (its backend rewritten) against the built apps.

import std;

# The origin: compose's nginx (`proxy`), or the one-process server on its port.
backend default {
    .host = "proxy";
    .port = "80";
}

# Who may purge: this machine and private networks (the API instances), never the public.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "fc00::"/7;
}

sub vcl_recv {
    if (req.method == "PURGE" || req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(405, "Purges are accepted from the CMS's own network only"));
        }
        # Keys are short words (cdn/surrogate-keys.ts): nothing else reaches the ban expression.
        if (req.http.X-Purge-Keys !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
            return (synth(400, "X-Purge-Keys must name surrogate keys, separated by spaces"));
        }
        # Lurker-friendly (obj.* only): the ban is applied in the background too, not only at lookup.
        if (!std.ban({"obj.http.Surrogate-Key ~ (^|\s)("} + regsuball(req.http.X-Purge-Keys, " ", "|") + {")(\s|$)"})) {
            return (synth(500, "The ban was refused: " + std.ban_error()));
        }
        return (synth(200, "Purged"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Signed-in readers (the API's `token` header, a bearer token, a session cookie): for them alone.
    if (req.http.Authorization || req.http.token || req.http.Cookie ~ "(^|;\s*)(token|session)=") {
        return (pass);
    }
    # No page depends on a cookie (consent is read by the client script): they must not split or skip the cache.
    unset req.http.Cookie;
    # Keyed by Host and URL (the built-in vcl_hash).
    return (hash);
}

sub vcl_backend_response {
    # Only what the CMS marks for shared caches is kept: s-maxage, never private or no-store.
    if (beresp.http.Cache-Control !~ "s-maxage=[0-9]+" || beresp.http.Cache-Control ~ "(private|no-store)" || beresp.http.Set-Cookie) {
        # Hit-for-miss: the next answer may be stored again if it says so.
        set beresp.uncacheable = true;
        set beresp.ttl = 10s;
        return (deliver);
    }
    # Varnish takes s-maxage as the TTL; stale-while-revalidate is how long a stale copy is served while a fresh one is fetched.
    if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    }
    return (deliver);
}

sub vcl_deliver {
    if (obj.uncacheable) {
        set resp.http.X-Varnish-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Varnish-Cache = "HIT";
    } else {
        set resp.http.X-Varnish-Cache = "MISS";
    }
}
