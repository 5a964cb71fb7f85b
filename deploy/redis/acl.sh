#!/bin/sh
# Writes users.acl without its comment lines (Redis ACL files take none) and with the passwords'
# SHA-256 hashes from the environment (REDIS_BILLING_PASSWORD, REDIS_BILLING_WORKER_PASSWORD,
# REDIS_GATEWAY_PASSWORD), e.g. in an initContainer of Redis:
#   deploy/redis/acl.sh deploy/redis/users.acl > /data/users.acl && redis-server --aclfile /data/users.acl
set -eu
hash() { printf '%s' "$1" | sha256sum | cut -d' ' -f1; }
sed -e "/^#/d" \
    -e "s/#BILLING_PASSWORD_SHA256/#$(hash "$REDIS_BILLING_PASSWORD")/" \
    -e "s/#BILLING_WORKER_PASSWORD_SHA256/#$(hash "$REDIS_BILLING_WORKER_PASSWORD")/" \
    -e "s/#GATEWAY_PASSWORD_SHA256/#$(hash "$REDIS_GATEWAY_PASSWORD")/" \
    "$1"
