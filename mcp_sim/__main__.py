from mcp_sim.cli import main

raise SystemExit(main())
