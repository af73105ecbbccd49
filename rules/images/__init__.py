"""Pictures of boards: the geometry (`layout`), the colour themes (`themes`) and the Pillow PNG
renderer (`render`), shared with the server-drawn SVG of games/svg."""
