-- The bank's branches (packages/contracts/src/branches.ts) on every installation, not only in the
-- demo seed: staff home branches, customers and accounts reference them, and the header lists them.
INSERT INTO "branches" ("code", "name", "town") VALUES
('001', 'Head Office, Siaka Stevens Street', 'Freetown'),
('002', 'Kissy Road', 'Freetown'),
('003', 'Lumley', 'Freetown'),
('004', 'Congo Cross', 'Freetown'),
('005', 'Waterloo', 'Waterloo'),
('010', 'Bo Main', 'Bo'),
('011', 'Kenema', 'Kenema'),
('012', 'Makeni', 'Makeni'),
('013', 'Koidu', 'Koidu'),
('014', 'Port Loko', 'Port Loko'),
('015', 'Kabala', 'Kabala'),
('016', 'Kailahun', 'Kailahun'),
('017', 'Moyamba', 'Moyamba'),
('018', 'Lunsar', 'Lunsar'),
('019', 'Kambia', 'Kambia'),
('020', 'Bonthe', 'Bonthe')
ON CONFLICT ("code") DO NOTHING;
