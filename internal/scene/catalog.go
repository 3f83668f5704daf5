package scene

import "gamethumbs/internal/catalog"

// Catalog returns the league catalogue the service resolves against (the
// title reader of /event uses it).
func (s *Service) Catalog() *catalog.Catalog { return s.cfg.Catalog }
