package flags

// countryTable lists countries and the home nations of the United Kingdom
// as flagcdn names them: "alpha2|ALPHA3|Name|aliases", aliases comma
// separated (IOC/FIFA codes that differ from ISO alpha-3, and common
// names). Written from the ISO 3166 code lists; one country a line.
const countryTable = `ad|AND|Andorra|
ae|ARE|United Arab Emirates|uae
af|AFG|Afghanistan|
ag|ATG|Antigua and Barbuda|antigua
al|ALB|Albania|
am|ARM|Armenia|
ao|AGO|Angola|ang
ar|ARG|Argentina|
at|AUT|Austria|
au|AUS|Australia|
az|AZE|Azerbaijan|
ba|BIH|Bosnia and Herzegovina|bosnia
bb|BRB|Barbados|bar
bd|BGD|Bangladesh|ban
be|BEL|Belgium|
bf|BFA|Burkina Faso|bur
bg|BGR|Bulgaria|bul
bh|BHR|Bahrain|
bi|BDI|Burundi|
bj|BEN|Benin|
bn|BRN|Brunei|bru
bo|BOL|Bolivia|
br|BRA|Brazil|brasil
bs|BHS|Bahamas|bah,the bahamas
bt|BTN|Bhutan|bhu
bw|BWA|Botswana|bot
by|BLR|Belarus|
bz|BLZ|Belize|
ca|CAN|Canada|
cd|COD|DR Congo|democratic republic of the congo,drc
cf|CAF|Central African Republic|
cg|COG|Republic of the Congo|congo
ch|CHE|Switzerland|sui,swiss
ci|CIV|Côte d'Ivoire|ivory coast
cl|CHL|Chile|chi
cm|CMR|Cameroon|
cn|CHN|China|
co|COL|Colombia|
cr|CRI|Costa Rica|crc
cu|CUB|Cuba|
cv|CPV|Cape Verde|cabo verde
cy|CYP|Cyprus|
cz|CZE|Czechia|czech republic
de|DEU|Germany|ger
dj|DJI|Djibouti|
dk|DNK|Denmark|den
dm|DMA|Dominica|
do|DOM|Dominican Republic|
dz|DZA|Algeria|alg
ec|ECU|Ecuador|
ee|EST|Estonia|
eg|EGY|Egypt|
er|ERI|Eritrea|
es|ESP|Spain|
et|ETH|Ethiopia|
fi|FIN|Finland|
fj|FJI|Fiji|fij
fm|FSM|Micronesia|
fr|FRA|France|
ga|GAB|Gabon|
gb|GBR|United Kingdom|great britain,uk,britain
gb-eng|ENG|England|
gb-nir|NIR|Northern Ireland|
gb-sct|SCO|Scotland|
gb-wls|WAL|Wales|
gd|GRD|Grenada|grn
ge|GEO|Georgia|
gh|GHA|Ghana|
gm|GMB|Gambia|gam,the gambia
gn|GIN|Guinea|gui
gq|GNQ|Equatorial Guinea|geq
gr|GRC|Greece|gre
gt|GTM|Guatemala|gua
gw|GNB|Guinea-Bissau|
gy|GUY|Guyana|
hk|HKG|Hong Kong|
hn|HND|Honduras|hon
hr|HRV|Croatia|cro
ht|HTI|Haiti|hai
hu|HUN|Hungary|
id|IDN|Indonesia|ina
ie|IRL|Ireland|
il|ISR|Israel|
in|IND|India|
iq|IRQ|Iraq|
ir|IRN|Iran|iri
is|ISL|Iceland|
it|ITA|Italy|
jm|JAM|Jamaica|
jo|JOR|Jordan|
jp|JPN|Japan|
ke|KEN|Kenya|
kg|KGZ|Kyrgyzstan|
kh|KHM|Cambodia|cam
ki|KIR|Kiribati|
km|COM|Comoros|
kn|KNA|Saint Kitts and Nevis|skn
kp|PRK|North Korea|
kr|KOR|South Korea|korea
kw|KWT|Kuwait|kuw
kz|KAZ|Kazakhstan|
la|LAO|Laos|
lb|LBN|Lebanon|lib
lc|LCA|Saint Lucia|
li|LIE|Liechtenstein|
lk|LKA|Sri Lanka|sri
lr|LBR|Liberia|
ls|LSO|Lesotho|les
lt|LTU|Lithuania|
lu|LUX|Luxembourg|
lv|LVA|Latvia|lat
ly|LBY|Libya|lba
ma|MAR|Morocco|
md|MDA|Moldova|
me|MNE|Montenegro|
mg|MDG|Madagascar|mad
mh|MHL|Marshall Islands|
mk|MKD|North Macedonia|macedonia
ml|MLI|Mali|
mm|MMR|Myanmar|mya,burma
mn|MNG|Mongolia|
mo|MAC|Macau|macao
mr|MRT|Mauritania|
mt|MLT|Malta|
mu|MUS|Mauritius|mri
mv|MDV|Maldives|
mw|MWI|Malawi|maw
mx|MEX|Mexico|
my|MYS|Malaysia|mas
mz|MOZ|Mozambique|
na|NAM|Namibia|
ne|NER|Niger|nig
ng|NGA|Nigeria|
ni|NIC|Nicaragua|
nl|NLD|Netherlands|ned,holland
no|NOR|Norway|
np|NPL|Nepal|nep
nr|NRU|Nauru|
nz|NZL|New Zealand|
om|OMN|Oman|
pa|PAN|Panama|
pe|PER|Peru|
pg|PNG|Papua New Guinea|
ph|PHL|Philippines|phi
pk|PAK|Pakistan|
pl|POL|Poland|
pr|PRI|Puerto Rico|pur
ps|PSE|Palestine|ple
pt|PRT|Portugal|por
pw|PLW|Palau|
py|PRY|Paraguay|par
qa|QAT|Qatar|
ro|ROU|Romania|
rs|SRB|Serbia|
ru|RUS|Russia|
rw|RWA|Rwanda|
sa|SAU|Saudi Arabia|ksa
sb|SLB|Solomon Islands|sol
sc|SYC|Seychelles|sey
sd|SDN|Sudan|
se|SWE|Sweden|
sg|SGP|Singapore|
si|SVN|Slovenia|slo
sk|SVK|Slovakia|
sl|SLE|Sierra Leone|
sm|SMR|San Marino|
sn|SEN|Senegal|
so|SOM|Somalia|
sr|SUR|Suriname|
ss|SSD|South Sudan|
st|STP|São Tomé and Príncipe|
sv|SLV|El Salvador|esa
sy|SYR|Syria|
sz|SWZ|Eswatini|swaziland
td|TCD|Chad|cha
tg|TGO|Togo|tog
th|THA|Thailand|
tj|TJK|Tajikistan|
tl|TLS|Timor-Leste|east timor
tm|TKM|Turkmenistan|
tn|TUN|Tunisia|
to|TON|Tonga|tga
tr|TUR|Türkiye|turkey
tt|TTO|Trinidad and Tobago|tri,trinidad
tv|TUV|Tuvalu|
tw|TWN|Taiwan|tpe,chinese taipei
tz|TZA|Tanzania|tan
ua|UKR|Ukraine|
ug|UGA|Uganda|
us|USA|United States|america,united states of america
uy|URY|Uruguay|uru
uz|UZB|Uzbekistan|
va|VAT|Vatican City|holy see
vc|VCT|Saint Vincent and the Grenadines|vin
ve|VEN|Venezuela|
vn|VNM|Vietnam|vie
vu|VUT|Vanuatu|van
ws|WSM|Samoa|sam
xk|XKX|Kosovo|kos
ye|YEM|Yemen|
za|ZAF|South Africa|rsa
zm|ZMB|Zambia|zam
zw|ZWE|Zimbabwe|zim
`
