#!/usr/bin/env bash
# Writes the settings files in this folder through a kakeibo binary's own commands, each at the schema its name ends
# with. They were written by kakeibo 254a6c6, when each settings file had its own store and codec; the one settings
# store must read them and write them back byte for byte (Tests/KakeiboKitTests/SettingsFileTests.swift).
#
#   Tests/Fixtures/settings/make-settings.sh PATH/TO/kakeibo
set -euo pipefail
kakeibo=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config LANG=C
run() { "$kakeibo" --store "$work/store" "$@" >/dev/null 2>&1; }
keep() { cp "$work/store/$1" "$here/$2"; }

run budget set total 120000 && keep budgets.json budgets-1.json
run budget set food 50,000
run budget set food/drink 8000
run budget set 住居費 90000
run budget set savings 30000 && keep budgets.json budgets-2.json
run budget set allowance 20000 --member ayumi && keep budgets.json budgets-3.json
run budget set entertainment 120000 --yearly
run budget set utilities 15000 --rollover --from 2024-01
run budget unset food/drink && keep budgets.json budgets-4.json

run fixed add 家賃 85000 --day 27
run fixed add 自動車税 39500 --day 31 --yearly 5
run fixed add 給料 300000 --day 25 --income
run fixed add 水道 6000 --day 10 --every 2 --from 2024-01 && keep fixed.json fixed-2.json
run fixed remove 水道 && keep fixed.json fixed-1.json

run review 2024 12 --note $'外食を減らせた。\n来月は光熱費に注意'
run review 2024 11 --note 'Eating out less "worked" \ ok' && keep notes.json notes-1.json

run rules add amazon entertainment/goods --payment 楽天カード
run rules add 'ＳＥＶＥＮ' food --name セブン --member ken
run rules member 本人 taro
run rules member 家族 hanako
run rules add 旅館 entertainment --tag 旅行 --tag 温泉 && keep rules.json rules-2.json
run rules remove 3 && keep rules.json rules-1.json
